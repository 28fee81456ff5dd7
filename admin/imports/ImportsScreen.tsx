import { type FormEvent, useEffect, useState } from 'react';
import { IMPORT_KINDS, type ImportKind } from '../../core/catalogue/rows';
import type { ImportDetail, ImportSummary } from '../../core/wire/imports';
import { api } from '../../core/api/client';
import * as adminApi from '../../core/api/admin';
import { errorMessage, HttpError } from '../../core/http';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';

// Feed imports (docs/imports.md): upload a file for a dry run, read the difference and every rejected row,
// then apply it (or skip the rejected rows); a running import shows its progress; the history lists them all.

const KIND_LABELS: Record<ImportKind, string> = {
  products: 'Products',
  'store-prices': 'Store prices',
  promotions: 'Promotions',
  'circular-items': 'Circular items',
  stores: 'Stores',
};
const RESULT_LABELS: Record<ImportSummary['status'], string> = {
  running: 'Running',
  'dry-run': 'Dry run',
  applied: 'Applied',
  rejected: 'Not applied: rows rejected',
  failed: 'Failed, nothing changed',
  interrupted: 'Interrupted, nothing changed',
};
const POLL_MS = 500;

const when = (ms: number) => new Date(ms).toLocaleString();
const counted = (c: ImportSummary['counts']) =>
  `${c.new ?? 0} new, ${c.changed ?? 0} changed, ${c.unchanged ?? 0} unchanged, ${c.removed ?? 0} removed, ${c.rejected ?? 0} rejected`;
const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

export function ImportsScreen() {
  const [status, setStatus] = useState('');
  const [history, reloadHistory] = useAdminData(adminApi.imports, setStatus);
  const [kind, setKind] = useState<ImportKind>('products');
  const [file, setFile] = useState<File | null>(null);
  const [complete, setComplete] = useState(false);
  const [fileError, setFileError] = useState('');
  const [busy, setBusy] = useState(false);
  const [current, setCurrent] = useState<ImportDetail | null>(null);
  const [skipInvalid, setSkipInvalid] = useState(false);

  // A running import is polled until it ends; then the history is read again.
  useEffect(() => {
    if (!current || current.status !== 'running') return;
    const timer = setTimeout(() => {
      api(adminApi.importDetail, { params: { id: current.id } }).then(
        (next) => {
          setCurrent(next);
          if (next.status !== 'running') void reloadHistory();
        },
        (e: unknown) => setStatus(errorMessage(e)),
      );
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [current, reloadHistory]);

  async function upload(event: FormEvent) {
    event.preventDefault();
    setFileError('');
    if (!file) {
      setFileError('Choose a CSV or JSON Lines file.');
      return;
    }
    setBusy(true);
    setStatus(`Uploading ${file.name}…`);
    try {
      const query = new URLSearchParams({ kind, mode: 'dry-run', file_name: file.name, complete: complete ? '1' : '0' });
      let detail: ImportDetail;
      try {
        detail = await api(adminApi.startImport, { query: query.toString(), file });
      } catch (e) {
        if (!(e instanceof HttpError) || e.status === 0) throw e;
        setFileError(e.message || 'The file could not be uploaded.');
        setStatus('');
        return;
      }
      setSkipInvalid(false);
      setCurrent(detail);
      setStatus(`Checking ${file.name}…`);
      void reloadHistory();
    } catch {
      setFileError('The upload was interrupted. Check your connection and try again.');
      setStatus('');
    } finally {
      setBusy(false);
    }
  }

  async function apply(dryRun: ImportDetail) {
    setBusy(true);
    try {
      const query = new URLSearchParams({ complete: dryRun.options.complete ? '1' : '0', skip_invalid: skipInvalid ? '1' : '0' });
      const started = await api(adminApi.applyImport, { params: { id: dryRun.id }, query: query.toString() });
      setCurrent(started);
      setStatus(`Applying ${dryRun.file_name}…`);
      void reloadHistory();
    } catch (e) {
      setStatus(errorMessage(e));
    } finally {
      setBusy(false);
    }
  }

  async function open(id: number) {
    try {
      setCurrent(await api(adminApi.importDetail, { params: { id } }));
    } catch (e) {
      setStatus(errorMessage(e));
    }
  }

  const finished = current && current.status !== 'running' ? `${current.file_name}: ${RESULT_LABELS[current.status]}.` : '';
  return (
    <div className="admin-imports">
      <form className="admin-imports-upload" onSubmit={(e) => void upload(e)} noValidate>
        <h2>Upload a feed</h2>
        <AdminField id="import-kind" label="What the file holds">
          <select id="import-kind" value={kind} onChange={(e) => setKind(e.target.value as ImportKind)}>
            {IMPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]}
              </option>
            ))}
          </select>
        </AdminField>
        <AdminField id="import-file" label="File (CSV with a header line, or JSON Lines)" error={fileError}>
          <input
            id="import-file"
            type="file"
            accept=".csv,.jsonl,.ndjson,.json,text/csv,application/json"
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            {...errorProps('import-file', fileError)}
          />
        </AdminField>
        <div className="admin-field">
          <label>
            <input type="checkbox" checked={complete} onChange={(e) => setComplete(e.target.checked)} /> Complete feed: rows it leaves out
            are removed
          </label>
        </div>
        <button type="submit" className="button" disabled={busy}>
          Upload for a dry run
        </button>
      </form>
      <AdminStatus message={finished || status} />
      {current ? (
        <ImportPanel
          detail={current}
          busy={busy}
          skipInvalid={skipInvalid}
          setSkipInvalid={setSkipInvalid}
          onApply={(d) => void apply(d)}
        />
      ) : null}
      <h2>History</h2>
      {history ? (
        <AdminTable caption="Imports, newest first" columns={['Started', 'Who', 'File', 'Kind', 'Mode', 'Result', 'Rows', 'Details']}>
          {history.imports.map((i) => (
            <tr key={i.id}>
              <td>{when(i.started_at)}</td>
              <td>{i.user_name}</td>
              <td>{i.file_name}</td>
              <td>{KIND_LABELS[i.kind]}</td>
              <td>{i.mode === 'apply' ? 'Apply' : 'Dry run'}</td>
              <td>{RESULT_LABELS[i.status]}</td>
              <td>{i.status === 'running' ? `${i.rows_read} read so far` : counted(i.counts)}</td>
              <td>
                <button type="button" className="button-link" onClick={() => void open(i.id)}>
                  Details<span className="visually-hidden"> of import {i.id}</span>
                </button>
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : (
        <p>Loading…</p>
      )}
    </div>
  );
}

function ImportPanel(props: {
  detail: ImportDetail;
  busy: boolean;
  skipInvalid: boolean;
  setSkipInvalid: (v: boolean) => void;
  onApply: (d: ImportDetail) => void;
}) {
  const d = props.detail;
  const c = d.counts;
  const running = d.status === 'running';
  const blocked = (c.rejected ?? 0) > 0 && !props.skipInvalid;
  return (
    <section className="admin-imports-current" aria-labelledby="import-current-title">
      <h2 id="import-current-title">
        {d.mode === 'apply' ? 'Apply' : 'Dry run'} of {d.file_name} ({KIND_LABELS[d.kind]})
      </h2>
      {running ? (
        <p>
          <label htmlFor="import-progress">
            Progress ({d.phase}, {d.rows_read} rows read)
          </label>{' '}
          <progress id="import-progress" max={d.bytes_total ?? undefined} value={d.bytes_total ? d.bytes_read : undefined} />
        </p>
      ) : (
        <p className="admin-imports-result">{RESULT_LABELS[d.status]}</p>
      )}
      {d.error ? (
        <p role="alert" className="form-error">
          {d.error.message}
        </p>
      ) : null}
      {!running && !d.error ? (
        <AdminTable
          caption="Difference with the catalogue"
          captionVisible
          columns={['New', 'Changed', 'Unchanged', d.options.complete ? 'Removed' : 'Removed if the feed were complete', 'Rejected']}
        >
          <tr>
            <td>{c.new ?? 0}</td>
            <td>{c.changed ?? 0}</td>
            <td>{c.unchanged ?? 0}</td>
            <td>{d.options.complete ? (c.removed ?? 0) : '—'}</td>
            <td>{c.rejected ?? 0}</td>
          </tr>
        </AdminTable>
      ) : null}
      {d.rejected.length ? (
        <AdminTable
          caption={`Rejected rows (${d.rejected_total})`}
          captionVisible
          className="admin-imports-rejected"
          columns={['Line', 'Column', 'Message']}
        >
          {d.rejected.map((r) => (
            <tr key={`${r.line}-${r.column}`}>
              <td>{r.line}</td>
              <td>{r.column || '—'}</td>
              <td>{r.message}</td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      {d.rejected_total > d.rejected.length ? (
        <p>The first {d.rejected.length} rejected rows are listed; the command line prints every one.</p>
      ) : null}
      {d.sample.changed.length ? (
        <AdminTable caption="Some changed rows" captionVisible columns={['Row', 'Changes']}>
          {d.sample.changed.map((r) => (
            <tr key={r.label}>
              <td>{r.label}</td>
              <td>
                {Object.entries(r.changes)
                  .map(([field, [before, after]]) => `${field}: ${shown(before)} → ${shown(after)}`)
                  .join('; ')}
              </td>
            </tr>
          ))}
        </AdminTable>
      ) : null}
      {d.can_apply ? (
        <div className="admin-imports-apply">
          {(c.rejected ?? 0) > 0 ? (
            <div className="admin-field">
              <label>
                <input type="checkbox" checked={props.skipInvalid} onChange={(e) => props.setSkipInvalid(e.target.checked)} /> Skip the{' '}
                {c.rejected} rejected rows and apply the others
              </label>
            </div>
          ) : null}
          <button type="button" className="button button-primary" disabled={props.busy || blocked} onClick={() => props.onApply(d)}>
            Apply this file
          </button>
          {blocked ? <p>Fix the rejected rows and upload the file again, or skip them.</p> : null}
        </div>
      ) : null}
    </section>
  );
}
