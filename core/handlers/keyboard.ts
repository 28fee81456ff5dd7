// WAI-ARIA roving keys shared by accordions and tabs: which index a key moves focus to, or null.

export type Orientation = 'horizontal' | 'vertical';

export function nextIndex(key: string, current: number, count: number, orientation: Orientation): number | null {
  if (count <= 0) return null;
  const forward = orientation === 'horizontal' ? 'ArrowRight' : 'ArrowDown';
  const back = orientation === 'horizontal' ? 'ArrowLeft' : 'ArrowUp';
  switch (key) {
    case forward:
      return (current + 1) % count;
    case back:
      return (current - 1 + count) % count;
    case 'Home':
      return 0;
    case 'End':
      return count - 1;
    default:
      return null;
  }
}
