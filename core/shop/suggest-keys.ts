// The arrow keys of a list of suggestions (the WAI-ARIA combobox pattern): from nothing active, ↓ goes to the first
// and ↑ to the last; past either end it wraps round. The shop's React field and the header's search both use it.

export function moveActive(active: number, step: 1 | -1, count: number): number {
  if (count <= 0) return -1;
  if (active < 0) return step > 0 ? 0 : count - 1;
  return (active + step + count) % count;
}
