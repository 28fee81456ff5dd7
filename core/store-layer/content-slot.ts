import type { ContentKind } from '../wire/content-block';

// A content placeholder ([data-content]) names what it shows: the kind, an optional slug and, for the
// slider, a slider id. The server fills each slot into the first response; the store layer reloads the same
// slots when the store changes. Both identify a slot by this key.

export interface ContentSlot {
  kind: ContentKind;
  slug?: string;
  sliderId?: string;
}

/** Filled slots of a first render, by slotKey: the html the content call answers for that visitor. */
export type ContentSlots = ReadonlyMap<string, string>;

export const slotKey = ({ kind, slug, sliderId }: ContentSlot): string =>
  `${kind}|${slug ?? ''}|${kind === 'slider' ? (sliderId ?? '') : ''}`;

/** Whether returned html shows anything (text or media): an empty site banner or slider stays hidden. */
export function hasVisibleHtml(html: string): boolean {
  if (/<(img|picture|svg|video|iframe)\b/i.test(html)) return true;
  return (
    html
      .replace(/<[^>]*>/g, '')
      .replace(/&nbsp;|&#160;/g, ' ')
      .trim() !== ''
  );
}
