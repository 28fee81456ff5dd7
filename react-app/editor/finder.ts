// The finder's search (Ctrl+E, Finder.tsx): every entry whose words contain what was typed, best first: a
// title that starts with it, then a word that does, then anywhere; ties keep the entries' order (kind, then name).

export type FinderKind = 'Document' | 'Setting' | 'Widget' | 'Admin screen' | 'Editor';

export interface FinderEntry {
  kind: FinderKind;
  title: string;
  /** More words it is found by (a document's type and address, a setting's tab). */
  keywords?: string;
  run: () => void;
}

const MAX_RESULTS = 30;

const norm = (s: string) =>
  s
    .toLocaleLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

function score(entry: FinderEntry, words: string[]): number {
  const title = norm(entry.title);
  const all = `${title} ${norm(entry.kind)} ${norm(entry.keywords ?? '')}`;
  if (!words.every((w) => all.includes(w))) return -1;
  const first = words[0];
  if (title.startsWith(first)) return 3;
  if (title.split(/[\s:·/-]+/).some((part) => part.startsWith(first))) return 2;
  return title.includes(first) ? 1 : 0;
}

export function findEntries(query: string, entries: readonly FinderEntry[]): FinderEntry[] {
  const words = norm(query).split(/\s+/).filter(Boolean);
  if (!words.length) return entries.slice(0, MAX_RESULTS);
  return entries
    .map((entry, i) => ({ entry, i, s: score(entry, words) }))
    .filter((r) => r.s >= 0)
    .sort((a, b) => b.s - a.s || a.i - b.i)
    .slice(0, MAX_RESULTS)
    .map((r) => r.entry);
}
