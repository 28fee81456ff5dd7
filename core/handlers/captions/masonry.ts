// Masonry helper: places items of known heights into the shortest column (docs/behaviour.md: 3 columns, spacing 30).

export const MASONRY_DEFAULTS = { columns: 3, spacing: 30 } as const;

export interface MasonryPlacement {
  column: number;
  top: number;
}

export function masonryLayout(
  heights: number[],
  options: { columns?: number; spacing?: number } = {},
): { placements: MasonryPlacement[]; height: number } {
  const columns = Math.max(1, Math.floor(options.columns ?? MASONRY_DEFAULTS.columns));
  const spacing = options.spacing ?? MASONRY_DEFAULTS.spacing;
  const bottoms = new Array<number>(columns).fill(0);
  const placements = heights.map((h) => {
    let column = 0;
    for (let c = 1; c < columns; c++) if (bottoms[c] < bottoms[column]) column = c;
    const top = bottoms[column];
    bottoms[column] = top + h + spacing;
    return { column, top };
  });
  return { placements, height: Math.max(0, Math.max(...bottoms) - (heights.length ? spacing : 0)) };
}

/** A caption for a grid image from its title attribute; empty titles give none. */
export function captionFromTitle(title: string | null | undefined): string | null {
  const text = (title ?? '').replace(/\s+/g, ' ').trim();
  return text ? text : null;
}
