import { useEffect, useRef } from 'react';

// The keyboard shortcuts sheet (`?`): every shortcut of the editor, which the editor's key handler
// (react-app/editor/editor-keys.ts) implements from the same list.

export const SHORTCUTS: ReadonlyArray<readonly [keys: string, what: string]> = [
  ['Ctrl + Z', 'Undo'],
  ['Ctrl + Shift + Z', 'Redo'],
  ['Delete', 'Delete the selected element'],
  ['Ctrl + D', 'Duplicate the selected element'],
  ['Ctrl + C', 'Copy the selected element (also for another page or tab)'],
  ['Ctrl + V', 'Paste after the selected element (at the end of the page when none is)'],
  ['Ctrl + Shift + V', 'Paste the copied style onto the selected element'],
  ['Shift + F10 or the Menu key', 'Open the selected element’s menu'],
  ['F2 (or a double click in the canvas)', 'Edit the selected heading or text in place (Enter or Tab keeps it, Escape cancels)'],
  ['Ctrl + E', 'Finder: go to a document, setting, widget or admin screen'],
  ['?', 'This list'],
];

export function ShortcutsSheet({ open, onClose }: { open: boolean; onClose: () => void }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="editor-dialog editor-shortcuts" aria-labelledby="shortcuts-heading" onClose={onClose}>
      <h2 id="shortcuts-heading">Keyboard shortcuts</h2>
      <table className="admin-table">
        <caption className="visually-hidden">Keys and what they do</caption>
        <thead>
          <tr>
            <th scope="col">Keys</th>
            <th scope="col">Does</th>
          </tr>
        </thead>
        <tbody>
          {SHORTCUTS.map(([keys, what]) => (
            <tr key={keys}>
              <td>
                <kbd>{keys}</kbd>
              </td>
              <td>{what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose} autoFocus>
        Close
      </button>
    </dialog>
  );
}
