import type { ContentKind } from '../../../core/wire/content-block';
import type { Targeted } from './targeting';

/** A content_blocks row as the services use it: targeting decoded, HTML sanitised. */
export interface ContentBlock extends Targeted {
  kind: ContentKind;
  slug: string;
  slider_id: string;
  html: string;
  updated_at: number;
  starts_at: number | null;
  ends_at: number | null;
  title: string;
}
