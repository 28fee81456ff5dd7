// The Form widget's rules, shared by the page (its handler checks each field as the visitor leaves it and before
// sending) and the server (which checks the submission against the form as published). docs/widgets.md, "Form".

/** A form takes at most this many fields (the editor refuses more on save; the server refuses a submission with more). */
export const MAX_FORM_FIELDS = 50;
/** What one field may hold, in UTF-8 bytes. */
export const MAX_FIELD_BYTES = 10 * 1024;
/** What a whole submission may hold, in UTF-8 bytes of its values. */
export const MAX_SUBMISSION_BYTES = 64 * 1024;
/** The fastest a person fills in a form: a submission sooner after the page was drawn is taken for a robot's. */
export const MIN_FILL_MS = 3000;
/** The hidden field people never see and robots fill in (the honeypot). */
export const HONEYPOT_FIELD = 'e_hp_website';

export const FIELD_TYPES = ['text', 'email', 'tel', 'number', 'textarea', 'select', 'checkbox'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FormField {
  /** The key of its value in a submission (letters, digits, _ and -). */
  name: string;
  type: FieldType;
  label: string;
  required: boolean;
  placeholder: string;
  /** A select's choices. */
  options: string[];
}

export type FieldErrors = Record<string, string>;

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const NAME = /^[A-Za-z][\w-]{0,39}$/;

/** The fields of a form's `form_fields` setting (a repeater), named and typed; at most MAX_FORM_FIELDS of them. */
export function formFields(items: unknown): FormField[] {
  if (!Array.isArray(items)) return [];
  const seen = new Set<string>();
  return items.slice(0, MAX_FORM_FIELDS).map((raw, i) => {
    const item = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
    let name = NAME.test(text(item.field_name)) ? text(item.field_name) : `field_${i + 1}`;
    if (seen.has(name)) name = `${name}_${i + 1}`;
    seen.add(name);
    const type = (FIELD_TYPES as readonly string[]).includes(text(item.field_type)) ? (text(item.field_type) as FieldType) : 'text';
    return {
      name,
      type,
      label: text(item.field_label).trim() || `Field ${i + 1}`,
      required: item.required === 'yes',
      placeholder: text(item.placeholder),
      options: text(item.field_options)
        .split('\n')
        .map((o) => o.trim())
        .filter(Boolean),
    };
  });
}

export const byteLength = (value: string): number => new TextEncoder().encode(value).length;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^[+()\d\s.-]{7,25}$/;

/** Why a field's value is refused (shown next to the field), or null. */
export function fieldProblem(field: FormField, raw: unknown): string | null {
  const value = text(raw).trim();
  if (byteLength(text(raw)) > MAX_FIELD_BYTES) return `${field.label} may hold at most ${MAX_FIELD_BYTES / 1024} KB.`;
  if (field.type === 'checkbox') return field.required && value !== 'on' && value !== 'yes' ? `Tick ${field.label} to go on.` : null;
  if (!value) return field.required ? `Fill in ${field.label}.` : null;
  switch (field.type) {
    case 'email':
      return EMAIL.test(value) ? null : `Enter an e-mail address like name@example.com in ${field.label}.`;
    case 'tel':
      return PHONE.test(value) ? null : `Enter a phone number in ${field.label}.`;
    case 'number':
      return Number.isFinite(Number(value)) ? null : `Enter a number in ${field.label}.`;
    case 'select':
      return field.options.includes(value) ? null : `Choose one of the options of ${field.label}.`;
    default:
      return null;
  }
}

export interface SubmissionCheck {
  /** A problem of the whole submission (too many fields, too large, an unknown field), or null. */
  form: string | null;
  /** Problems of single fields, by field name. */
  fields: FieldErrors;
}

/** Checks a submission's values against the form's fields: its size first, then each field. */
export function checkSubmission(fields: readonly FormField[], values: Record<string, unknown>): SubmissionCheck {
  const keys = Object.keys(values);
  if (keys.length > MAX_FORM_FIELDS)
    return { form: `A form takes at most ${MAX_FORM_FIELDS} fields; this one sent ${keys.length}.`, fields: {} };
  const unknown = keys.find((k) => !fields.some((f) => f.name === k));
  if (unknown !== undefined) return { form: `“${unknown.slice(0, 40)}” is not a field of this form.`, fields: {} };
  const bytes = keys.reduce((sum, k) => sum + byteLength(text(values[k])), 0);
  if (bytes > MAX_SUBMISSION_BYTES)
    return {
      form: `A submission may hold at most ${MAX_SUBMISSION_BYTES / 1024} KB; this one holds ${Math.ceil(bytes / 1024)} KB.`,
      fields: {},
    };
  const problems: FieldErrors = {};
  for (const field of fields) {
    const problem = fieldProblem(field, values[field.name]);
    if (problem) problems[field.name] = problem;
  }
  return { form: null, fields: problems };
}
