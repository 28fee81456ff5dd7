// Anchors under sticky elements (docs/behaviour.md) as pure functions: which hashes are usable targets, and which
// scroll margin each anchor gets from the sticky element above it.

/** '#' then a letter or underscore, then only letters, digits, underscores or hyphens. */
export const ANCHOR_HASH = /^#[A-Za-z_][\w-]*$/;

export function isAnchorHash(hash: string): boolean {
  return ANCHOR_HASH.test(hash);
}

export interface StickyInfo {
  /** data-id of the sticky element. */
  id: string;
  /** Position on the page (document top in px). */
  top: number;
  /** sticky_anchor_link_offset; missing or zero means the element is ignored. */
  offset: number | undefined | null;
}

export interface AnchorInfo {
  href: string;
  /** Position on the page of the anchor's target. */
  top: number;
}

/** Keeps the first of each key (de-duplication by href or data-id). */
export function uniqueBy<T>(items: T[], key: (item: T) => string): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const k = key(item);
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

/**
 * Each sticky element's offset applies to the anchors between it and the next sticky element (sorted by
 * page position). Returns href → scroll margin in px; anchors above every sticky element get nothing.
 */
export function scrollMargins(stickies: StickyInfo[], anchors: AnchorInfo[]): Map<string, number> {
  const usable = uniqueBy(stickies, (s) => s.id)
    .filter((s) => typeof s.offset === 'number' && Number.isFinite(s.offset) && s.offset !== 0)
    .sort((a, b) => a.top - b.top);
  const margins = new Map<string, number>();
  for (const anchor of uniqueBy(anchors, (a) => a.href)) {
    if (!isAnchorHash(anchor.href)) continue;
    let applies: StickyInfo | undefined;
    for (const sticky of usable) if (sticky.top <= anchor.top) applies = sticky;
    if (applies) margins.set(anchor.href, applies.offset as number);
  }
  return margins;
}
