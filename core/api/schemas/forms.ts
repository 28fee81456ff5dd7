import { z } from 'zod';
import { int, nullableStr, str } from './common';

// The Form widget's answers (server/routes/forms.ts).

export const formSent = z.object({ id: int, message: str });

export const formInbox = z.object({
  submissions: z.array(
    z.object({
      id: int,
      document_id: int,
      document_title: nullableStr,
      element_id: str,
      form_name: str,
      fields: z.array(z.object({ name: str, label: str, value: str })),
      page_path: str,
      created_at: z.number(),
      emailed: z.boolean(),
    }),
  ),
  total: int,
  page: int,
  per_page: int,
});
