import { describe, expect, it } from 'vitest';
import { keyAction, type KeyPress } from './editor-keys';

const press = (key: string, mods: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  shiftKey: false,
  altKey: false,
  target: null,
  ...mods,
});
/** A target that is (or is not) inside a form field, as `closest` answers. */
const target = (field: boolean) =>
  ({ closest: (s: string) => (field && s.includes('input') ? ({} as Element) : null) }) as unknown as EventTarget;

describe('editor keyboard shortcuts', () => {
  it('maps the shortcuts of the sheet to their actions', () => {
    expect(keyAction(press('z', { ctrlKey: true }))).toBe('undo');
    expect(keyAction(press('Z', { ctrlKey: true, shiftKey: true }))).toBe('redo');
    expect(keyAction(press('y', { metaKey: true }))).toBe('redo');
    expect(keyAction(press('Delete'))).toBe('delete');
    expect(keyAction(press('d', { ctrlKey: true }))).toBe('duplicate');
    expect(keyAction(press('c', { ctrlKey: true }))).toBe('copy');
    expect(keyAction(press('v', { ctrlKey: true }))).toBe('paste');
    expect(keyAction(press('V', { ctrlKey: true, shiftKey: true }))).toBe('paste-style');
    expect(keyAction(press('F10', { shiftKey: true }))).toBe('menu');
    expect(keyAction(press('ContextMenu'))).toBe('menu');
    expect(keyAction(press('F2'))).toBe('edit');
    expect(keyAction(press('e', { ctrlKey: true }))).toBe('finder');
    expect(keyAction(press('?', { shiftKey: true }))).toBe('shortcuts');
  });

  it('leaves keys typed into a field to the field, except the finder', () => {
    const field = target(true);
    for (const [key, mods] of [
      ['Delete', {}],
      ['z', { ctrlKey: true }],
      ['c', { ctrlKey: true }],
      ['v', { ctrlKey: true }],
      ['d', { ctrlKey: true }],
      ['?', { shiftKey: true }],
    ] as const)
      expect(keyAction(press(key, { ...mods, target: field }))).toBeNull();
    expect(keyAction(press('e', { ctrlKey: true, target: field }))).toBe('finder');
    expect(keyAction(press('Delete', { target: target(false) }))).toBe('delete');
  });

  it('copies selected text, not the element, and ignores plain letters', () => {
    expect(keyAction(press('c', { ctrlKey: true, selectedText: 'Fresh' }))).toBeNull();
    expect(keyAction(press('d'))).toBeNull();
    expect(keyAction(press('Backspace'))).toBeNull();
    expect(keyAction(press('Delete', { altKey: true }))).toBeNull();
  });
});
