import { describe, expect, it } from 'vitest';
import { CLIPBOARD_KEY, isElementNode, readClipboard, writeClipboard } from './element-clipboard';

/** A Storage of one page's origin, as two tabs share it. */
function storage() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
}

const heading = { id: 'a1', elType: 'widget' as const, widgetType: 'heading', settings: { title: 'Fresh today' }, elements: [] };

describe('the editor clipboard', () => {
  it('hands an element copied in one tab to another', () => {
    const shared = storage();
    expect(writeClipboard({ id: 'c1', elType: 'container', settings: {}, elements: [heading] }, shared)).toBe(true);
    expect(readClipboard(shared)).toEqual({ id: 'c1', elType: 'container', settings: {}, elements: [heading] });
  });

  it('pastes nothing from a key something else wrote', () => {
    const shared = storage();
    for (const junk of [
      'not json',
      '"text"',
      '[1,2]',
      '{"id":"x","elType":"script","settings":{},"elements":[]}',
      '{"id":"x","elType":"widget","settings":{},"elements":[{"id":1}]}',
    ]) {
      shared.setItem(CLIPBOARD_KEY, junk);
      expect(readClipboard(shared)).toBeNull();
    }
    expect(isElementNode(heading)).toBe(true);
  });

  it('says so when the browser keeps nothing (storage full or refused)', () => {
    const refusing = {
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(writeClipboard(heading, refusing)).toBe(false);
  });
});
