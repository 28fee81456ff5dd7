import { useEffect, useRef, type ReactNode, type RefObject } from 'react';

// A drawer of the editor's top bar (History, Review, Schedule, Preview as…): it overlays the canvas from the right
// instead of pushing it down, one at a time; Escape or its Close button closes it and gives the focus back to
// the top bar's button that opened it.

export type DrawerName = 'history' | 'review' | 'schedule' | 'preview-as';

export interface DrawerState {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function Drawer({
  id,
  label,
  className,
  open,
  onOpenChange,
  opener,
  children,
}: DrawerState & { id: string; label: string; className?: string; opener: RefObject<HTMLButtonElement | null>; children: ReactNode }) {
  const close = () => {
    onOpenChange(false);
    opener.current?.focus();
  };
  const closeRef = useRef(close);
  useEffect(() => {
    closeRef.current = close;
  });
  // Escape closes it wherever the focus is (in it, or still on its button), unless a dialog or menu takes it.
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || (e.target as Element | null)?.closest?.('dialog, [role="menu"]')) return;
      e.preventDefault();
      closeRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);
  return (
    <section id={id} className={`editor-drawer${className ? ` ${className}` : ''}`} hidden={!open} aria-label={label}>
      <button type="button" className="editor-drawer__close" aria-label={`Close ${label}`} onClick={close}>
        ×
      </button>
      {children}
    </section>
  );
}
