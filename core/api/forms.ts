import { endpoint } from './endpoint';
import type * as S from './schemas/forms';

// The Form widget's routes (server/routes/forms.ts): a visitor's submission, and the inbox of submissions the
// admin screen reads. Reference: docs/api.md and docs/widgets.md, "Form".

const SITE = '/wp-json/site/v1';

export interface FormSubmissionBody {
  document_id?: number;
  element_id: string;
  fields: Record<string, string>;
  /** The signed time the form was drawn (the time trap). */
  token: string;
  /** The honeypot: empty unless a robot filled it in. */
  e_hp_website?: string;
}

export const submitForm = endpoint<typeof S.formSent, { body: FormSubmissionBody }>()('POST', `${SITE}/form-submissions`);
export const formInbox = endpoint<typeof S.formInbox, { query: { page?: number } }>()('GET', `${SITE}/form-submissions`);
