import { useEffect, useRef } from 'react';

// Autosave: the draft is saved after a few seconds without a change; Ctrl+S / Cmd+S saves at once (also
// from inside a field, where the browser would otherwise offer to save the page as a file).

export const AUTOSAVE_IDLE_MS = 3000;

export interface AutosaveOptions {
  /** Unsaved changes exist. */
  dirty: boolean;
  /** A save is running or a conflict is open: wait. */
  paused: boolean;
  /** Changes whenever the document changes (restarts the idle timer). */
  change: unknown;
  save: (mode: 'draft' | 'autosave') => void;
  idleMs?: number;
}

export function useAutosave({ dirty, paused, change, save, idleMs = AUTOSAVE_IDLE_MS }: AutosaveOptions): void {
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  useEffect(() => {
    if (!dirty || paused) return;
    const timer = window.setTimeout(() => saveRef.current('autosave'), idleMs);
    return () => window.clearTimeout(timer);
  }, [dirty, paused, change, idleMs]);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.key.toLowerCase() !== 's') return;
      e.preventDefault();
      saveRef.current('draft');
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
