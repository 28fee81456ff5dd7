import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';

// Form widget submissions (migration 300): written when a visitor sends a form, read by the admin inbox.

export interface SubmittedField {
  name: string;
  label: string;
  value: string;
}

export interface NewSubmission {
  document_id: number;
  element_id: string;
  form_name: string;
  fields: SubmittedField[];
  page_path: string;
  user_id: number | null;
}

export async function saveSubmission(db: Kysely<Database>, s: NewSubmission, now = Date.now()): Promise<number> {
  const row = await db
    .insertInto('form_submissions')
    .values({ ...s, fields: JSON.stringify(s.fields), emailed: 0, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function markEmailed(db: Kysely<Database>, id: number): Promise<void> {
  await db.updateTable('form_submissions').set({ emailed: 1 }).where('id', '=', id).execute();
}

const parseFields = (text: string): SubmittedField[] => {
  try {
    const v: unknown = JSON.parse(text);
    return Array.isArray(v) ? (v as SubmittedField[]) : [];
  } catch {
    return [];
  }
};

/** A page of submissions, newest first, with the title of the document whose form sent each. */
export async function listSubmissions(db: Kysely<Database>, page: number, perPage: number) {
  const total = await db
    .selectFrom('form_submissions')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await db
    .selectFrom('form_submissions')
    .leftJoin('documents', 'documents.id', 'form_submissions.document_id')
    .select([
      'form_submissions.id',
      'form_submissions.document_id',
      'documents.title as document_title',
      'form_submissions.element_id',
      'form_submissions.form_name',
      'form_submissions.fields',
      'form_submissions.page_path',
      'form_submissions.emailed',
      'form_submissions.created_at',
    ])
    .orderBy('form_submissions.id', 'desc')
    .limit(perPage)
    .offset((page - 1) * perPage)
    .execute();
  return {
    submissions: rows.map((r) => ({
      ...r,
      document_title: r.document_title ?? null,
      fields: parseFields(r.fields),
      emailed: Number(r.emailed) === 1,
      created_at: Number(r.created_at),
    })),
    total: Number(total.n),
    page,
    per_page: perPage,
  };
}
