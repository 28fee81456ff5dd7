import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useCallback, useEffect, useState } from 'react';
import { applyEditorPreferences, DEFAULT_EDITOR_PREFERENCES, type EditorPreferences as Preferences } from '../../core/config/site-config';
import type { Runtime } from '../../core/runtime';

/**
 * The editor's own preferences (docs/behaviour.md), in the status bar: whether the lightbox opens inside the editor.
 * The saved value is put on the canvas runtime's config, which the lightbox reads at every click, so it applies at once.
 */
export function EditorPreferences({ initial, runtime }: { initial?: Preferences; runtime: Runtime | null }) {
  const [prefs, setPrefs] = useState<Preferences>(initial ?? DEFAULT_EDITOR_PREFERENCES);
  const [error, setError] = useState('');

  const apply = useCallback((next: Preferences): void => setPrefs(next), []);
  // On the canvas's runtime (its lightbox), as soon as it has loaded and at every change.
  useEffect(() => {
    if (runtime) applyEditorPreferences(runtime.config, prefs);
  }, [runtime, prefs]);

  useEffect(() => {
    api(editorApi.preferences).then(apply, () => undefined); // keeps the default when it fails
  }, [apply]);

  const change = (enabled: boolean): void => {
    const previous = prefs;
    apply({ ...prefs, lightbox_enabled_in_editor: enabled ? 'yes' : 'no' });
    setError('');
    api(editorApi.savePreferences, { body: { lightbox_enabled_in_editor: enabled ? 'yes' : 'no' } }).then(apply, () => {
      apply(previous);
      setError('The preference was not saved.');
    });
  };

  return (
    <label className="editor-preference">
      <input type="checkbox" checked={prefs.lightbox_enabled_in_editor !== 'no'} onChange={(e) => change(e.target.checked)} />
      Lightbox in the editor
      {error ? <span role="alert"> {error}</span> : null}
    </label>
  );
}
