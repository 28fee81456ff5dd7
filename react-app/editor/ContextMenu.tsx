import { useEffect, useLayoutEffect, useRef, type KeyboardEvent } from 'react';

// The canvas's right-click menu (also Shift+F10 or the Menu key on the selection): a WAI-ARIA menu. Arrow keys,
// Home and End move between items, Enter or Space runs one, Escape or a click elsewhere closes it, and the
// focus goes back to where it was.

export interface MenuItem {
  label: string;
  /** Its keyboard shortcut, shown beside it. */
  keys?: string;
  disabled?: boolean;
  run: () => void;
}

export function ContextMenu({
  label,
  at,
  items,
  onClose,
}: {
  label: string;
  at: { x: number; y: number };
  items: MenuItem[];
  onClose: () => void;
}) {
  const ref = useRef<HTMLUListElement>(null);
  const returnTo = useRef<Element | null>(null);
  useLayoutEffect(() => {
    returnTo.current = document.activeElement;
    ref.current?.querySelector<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])')?.focus();
  }, []);
  useEffect(() => {
    const away = (e: PointerEvent) => {
      if (!ref.current?.contains(e.target as Node)) onClose();
    };
    window.addEventListener('pointerdown', away, true);
    window.addEventListener('blur', onClose);
    return () => {
      window.removeEventListener('pointerdown', away, true);
      window.removeEventListener('blur', onClose);
    };
  }, [onClose]);
  const close = () => {
    onClose();
    if (returnTo.current instanceof HTMLElement) returnTo.current.focus();
  };
  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = [...(ref.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const i = all.indexOf(document.activeElement as HTMLElement);
    const go = (n: number) => all[(n + all.length) % all.length]?.focus();
    if (e.key === 'ArrowDown') go(i + 1);
    else if (e.key === 'ArrowUp') go(i - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(all.length - 1);
    else if (e.key === 'Escape' || e.key === 'Tab') close();
    else return;
    e.preventDefault();
    e.stopPropagation();
  };
  // Kept inside the window whatever the click's place.
  const left = Math.max(4, Math.min(at.x, window.innerWidth - 240));
  const top = Math.max(4, Math.min(at.y, window.innerHeight - items.length * 36 - 16));
  return (
    <ul ref={ref} role="menu" aria-label={label} className="editor-context-menu" style={{ left, top }} onKeyDown={onKeyDown}>
      {items.map((item) => (
        <li key={item.label} role="none">
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={item.disabled || undefined}
            onClick={() => {
              if (item.disabled) return;
              close();
              item.run();
            }}
          >
            <span>{item.label}</span>
            {item.keys ? <kbd>{item.keys}</kbd> : null}
          </button>
        </li>
      ))}
    </ul>
  );
}
