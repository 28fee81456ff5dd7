// Content blocks (site banner, slider, call to action, personalised content): the kinds and the shape an
// editor, an import or the seed writes. The server stores them; the store layer asks for them by kind.
export const CONTENT_KINDS = ['site-banner', 'slider', 'cta', 'personalized-content'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export interface ContentBlockInput {
  kind: ContentKind;
  slug?: string;
  slider_id?: string;
  html: string;
  store_ids?: number[];
  store_group_ids?: number[];
  user_group_ids?: number[];
  priority?: number;
  /** Shown from (ms since the epoch, inclusive) until ends_at (exclusive); null = open. */
  starts_at?: number | null;
  ends_at?: number | null;
  /** For editors on the content screen. */
  title?: string;
}

/** The answer of a content call (docs/api.md, "Content calls"). */
export interface ContentAnswer {
  html: string;
}

/** The answer of the homepage call (docs/api.md, "Content calls"). */
export interface HomepageAnswer {
  url: string;
}
