import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useEffect, useState } from 'react';
import type { ControlSchema } from '../../core/wire/control-schema';
import { fieldErrors, type FieldErrors } from '../../core/http';
import { KIT_CONTROLS, SITE_CONTROLS, siteSettingsProblem, type SiteSettings } from '../../core/config/site-settings';
import { useTasks } from '../hooks/use-tasks';
import { ControlInput } from './controls/ControlInput';

// Site Settings (the kit): drawn from the same control schemas the server checks on save
// (core/config/site-settings.ts). Every change previews at once in the editor (onPreview); "Save site draft"
// keeps it for later and "Publish site settings" shows it to visitors, as a page is published. A field the
// server refuses shows its message next to it.

interface SiteSettingsState {
  draft: SiteSettings;
  published: SiteSettings;
  has_draft: boolean;
}

interface Field {
  control: ControlSchema;
  /** `primaryColor` or `kit.department_menu`: how the server names the field. */
  path: string;
}

const FIELDS: Field[] = [
  ...SITE_CONTROLS.map((control) => ({ control, path: control.key })),
  ...KIT_CONTROLS.map((control) => ({ control, path: `kit.${control.key}` })),
];

function valueAt(settings: SiteSettings, path: string): unknown {
  if (!path.startsWith('kit.')) return settings[path as keyof Omit<SiteSettings, 'kit'>];
  return settings.kit[path.slice(4)];
}

function withValue(settings: SiteSettings, path: string, value: unknown): SiteSettings {
  // An emptied select goes back to its default (the server keeps the default for an absent key).
  const absent = value === '' && FIELDS.find((f) => f.path === path)?.control.type === 'select';
  if (!path.startsWith('kit.')) return { ...settings, [path]: value };
  const kit = { ...settings.kit };
  if (absent) delete kit[path.slice(4)];
  else kit[path.slice(4)] = value;
  return { ...settings, kit };
}

const inputIdOf = (path: string) => `site-${path.replace(/\./g, '-')}`;

export function SiteSettingsPanel({ onPreview }: { onPreview: (settings: SiteSettings) => void }) {
  const [state, setState] = useState<SiteSettingsState | null>(null);
  const [settings, setSettings] = useState<SiteSettings | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [status, setStatus] = useState('Loading Site Settings…');
  const tasks = useTasks();
  const busy = tasks.busy();

  useEffect(() => {
    api(editorApi.siteSettings).then(
      (s) => {
        setState(s);
        setSettings(s.draft);
        onPreview(s.draft);
        setStatus(s.has_draft ? 'Showing your unpublished Site Settings draft.' : '');
      },
      (error: Error) => setStatus(`Site Settings could not be loaded: ${error.message}`),
    );
    // Loaded once when the panel opens; onPreview is the editor's setter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (!settings || !state) return <p role="status">{status}</p>;

  const change = (path: string, value: unknown) => {
    const next = withValue(settings, path, value);
    setSettings(next);
    // Checked here with the server's rule so a mistake shows at once; the server checks again on save.
    const problem = siteSettingsProblem(next);
    setErrors(problem ? { [problem.field]: problem.message } : {});
    if (!problem) onPreview(next);
  };

  const send = (publish: boolean) =>
    tasks.run(
      'task',
      async () => {
        setStatus(publish ? 'Publishing Site Settings…' : 'Saving the Site Settings draft…');
        try {
          const next = await api(publish ? editorApi.publishSiteSettings : editorApi.saveSiteSettingsDraft, { body: settings });
          setState(next);
          setErrors({});
          setStatus(
            publish
              ? 'Site Settings published. Visitors now see them.'
              : 'Site Settings draft saved. Visitors still see the published ones.',
          );
        } catch (error) {
          // Each field's message goes next to it, and the first such field takes the focus.
          const fields = fieldErrors(error);
          setErrors(fields);
          const first = Object.keys(fields)[0];
          if (first) document.getElementById(inputIdOf(first))?.focus();
          throw error;
        }
      },
      (message) => setStatus(`Not saved: ${message}`),
    );

  return (
    <div className="editor-site-settings">
      <form className="editor-settings" onSubmit={(e) => e.preventDefault()} aria-label="Site Settings" noValidate>
        {FIELDS.map(({ control, path }, i) => {
          const id = inputIdOf(path);
          const error = errors[path];
          const heading = control.section !== FIELDS[i - 1]?.control.section ? <h3 className="editor-section">{control.section}</h3> : null;
          return (
            <div key={path}>
              {heading}
              <div className={`editor-control editor-control--${control.type}${error ? ' has-error' : ''}`}>
                <label htmlFor={id}>{control.label}</label>
                <ControlInput
                  control={control}
                  value={valueAt(settings, path)}
                  inputId={id}
                  uploadUrl=""
                  onChange={(v) => change(path, v)}
                />
                {control.help ? <p className="editor-help">{control.help}</p> : null}
                {error ? (
                  <p className="editor-field-error" id={`${id}-error`}>
                    {error}
                  </p>
                ) : null}
              </div>
            </div>
          );
        })}
      </form>
      <div className="editor-site-settings__actions">
        <button type="button" onClick={() => void send(false)} disabled={busy || Object.keys(errors).length > 0}>
          Save site draft
        </button>
        <button type="button" className="button-primary" onClick={() => void send(true)} disabled={busy || Object.keys(errors).length > 0}>
          Publish site settings
        </button>
      </div>
      <p className="editor-status" role="status">
        {status}
      </p>
    </div>
  );
}
