// Measured content: an event as the browser sends it in a batch (POST /wp-json/site/v1/content-events, from
// core/measure/tracker.ts) and the server validates and records it (server/routes/measures.ts,
// server/services/measures/content-events.ts).

export const SUBJECT_TYPES = ['popup', 'block'] as const;
export const CONTENT_EVENTS = ['impression', 'click', 'close', 'add_to_cart'] as const;
export type SubjectType = (typeof SUBJECT_TYPES)[number];
export type ContentEventName = (typeof CONTENT_EVENTS)[number];

export interface ContentEvent {
  view_id: string;
  subject_type: SubjectType;
  subject_id: number;
  variant: 'A' | 'B';
  event: ContentEventName;
}
