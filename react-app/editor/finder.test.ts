import { describe, expect, it } from 'vitest';
import { findEntries, type FinderEntry } from './finder';

const run = () => undefined;
const entries: FinderEntry[] = [
  { kind: 'Document', title: 'Home', keywords: 'page /', run },
  { kind: 'Document', title: 'Weekly deals', keywords: 'page /weekly-deals', run },
  { kind: 'Widget', title: 'Heading', run },
  { kind: 'Setting', title: 'Font size', keywords: 'style typography', run },
  { kind: 'Admin screen', title: 'Content blocks', keywords: '/admin/content', run },
  { kind: 'Editor', title: 'Page settings', run },
];

const titles = (q: string) => findEntries(q, entries).map((e) => e.title);

describe('the finder', () => {
  it('finds documents, settings, widgets and admin screens by any of their words', () => {
    expect(titles('week')).toEqual(['Weekly deals']);
    expect(titles('typography')).toEqual(['Font size']);
    expect(titles('HEAD')).toEqual(['Heading']);
    expect(titles('admin content')).toEqual(['Content blocks']);
  });

  it('puts a title that starts with the words first, then a word that does', () => {
    expect(titles('se')).toEqual(['Page settings', 'Font size']); // the second by its keyword "style" only
    expect(titles('s')).toEqual(['Font size', 'Page settings', 'Weekly deals', 'Content blocks']);
    expect(titles('page')[0]).toBe('Page settings');
  });

  it('lists everything for an empty query and nothing for words nobody has', () => {
    expect(titles('  ')).toHaveLength(entries.length);
    expect(titles('zucchini')).toEqual([]);
  });
});
