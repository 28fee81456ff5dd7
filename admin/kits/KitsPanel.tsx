import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useState, type ChangeEvent } from 'react';
import { HttpError } from '../../core/http';
import { track } from '../../core/events/track';
import { saveJsonFile } from '../debug-log/download';
import { importStateFor, readKitText, type ImportState, type KitFile } from '../../core/wire/kit-manifest';
import { AdminStatus } from '../admin-status';

export const KIT_FILE_NAME = 'harvest-lane-kit.json';

// Kit export (all site templates in one file) and import: choosing a file reads its manifest into the import
// state; the screen lists the templates it would import; nothing changes until "Import" succeeds.
export function KitsPanel() {
  const [state, setState] = useState<ImportState>({ enabled: false, uploadedData: null, error: null });
  const [kit, setKit] = useState<KitFile | null>(null);
  const [message, setMessage] = useState('');
  /** The server found this kit's templates already on the site: the administrator chooses. */
  const [repeated, setRepeated] = useState('');

  const exportKit = async () => {
    try {
      const file = await api(editorApi.exportKit);
      saveJsonFile(file, KIT_FILE_NAME);
      setMessage(`Exported ${Object.keys(file.manifest.templates).length} templates as ${KIT_FILE_NAME}.`);
      track('export_kit_customization', { templates_count: Object.keys(file.manifest.templates).length });
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    setMessage('');
    if (!file) return;
    const check = readKitText(await file.text());
    setState(importStateFor(check));
    setKit(check.ok ? check.kit : null);
    track('kit_import_upload_file', { kit_import_upload_file_status: check.ok ? 'valid' : 'invalid', file_size: file.size });
  };

  const runImport = async (onConflict?: 'skip' | 'duplicate') => {
    if (!kit) return;
    setRepeated('');
    try {
      const r = await api(editorApi.importKit, { query: { on_conflict: onConflict }, body: kit });
      const settings = kit.site_settings
        ? ' Its Site Settings are a draft: review and publish them in the editor’s Site Settings panel.'
        : '';
      setMessage(`Imported ${r.imported.length} templates into the Site tab.${settings}`);
      setState({ enabled: false, uploadedData: null, error: null });
      setKit(null);
      track('import_kit_customization', { templates_count: r.imported.length });
    } catch (e) {
      if (e instanceof HttpError && e.code === 'kit_already_imported') setRepeated(e.message);
      else setState((s) => ({ ...s, enabled: false, error: (e as Error).message }));
    }
  };

  const templates = state.uploadedData ? Object.entries(state.uploadedData.manifest.templates) : [];
  return (
    <div className="kits">
      <section aria-labelledby="export-kit">
        <h2 id="export-kit">Export kit</h2>
        <button type="button" className="button" onClick={() => void exportKit()}>
          Export site templates
        </button>
      </section>
      <section aria-labelledby="import-kit">
        <h2 id="import-kit">Import kit</h2>
        <label htmlFor="kit-file">Kit file (.json)</label>
        <input
          id="kit-file"
          type="file"
          accept=".json,application/json"
          onChange={(e) => void choose(e)}
          aria-describedby={state.error ? 'kit-error' : undefined}
        />
        {state.error ? (
          <p className="form-error" role="alert" id="kit-error">
            {state.error}
          </p>
        ) : null}
        {state.enabled && state.uploadedData ? (
          <div className="kit-manifest">
            <p>
              “{state.uploadedData.manifest.name}” holds {templates.length} templates:
            </p>
            <ul>
              {templates.map(([id, t]) => (
                <li key={id}>
                  {t.title} <span className="template-card__meta">({t.doc_type})</span>
                </li>
              ))}
            </ul>
            <button type="button" className="button" onClick={() => void runImport()}>
              Import {templates.length} templates
            </button>
            {repeated ? (
              <div className="kit-repeated" role="alert">
                <p>{repeated}</p>
                <button type="button" className="button" onClick={() => void runImport('skip')}>
                  Skip those
                </button>{' '}
                <button type="button" className="button" onClick={() => void runImport('duplicate')}>
                  Import copies
                </button>
              </div>
            ) : null}
          </div>
        ) : null}
      </section>
      <AdminStatus message={message} />
    </div>
  );
}
