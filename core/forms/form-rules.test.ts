import { describe, expect, it } from 'vitest';
import { checkSubmission, fieldProblem, formFields, MAX_FIELD_BYTES, MAX_FORM_FIELDS, MAX_SUBMISSION_BYTES } from './form-rules';

const fields = formFields([
  { field_label: 'Name', field_type: 'text', field_name: 'name', required: 'yes' },
  { field_label: 'E-mail', field_type: 'email', field_name: 'email', required: 'yes' },
  { field_label: 'Store', field_type: 'select', field_name: 'store', field_options: 'Main St\nRiverside' },
  { field_label: 'Newsletter', field_type: 'checkbox', field_name: 'news' },
  { field_label: 'Message', field_type: 'textarea' },
]);

describe('a form’s fields', () => {
  it('are named, typed and labelled from the repeater, unnamed ones by their place', () => {
    expect(fields.map((f) => [f.name, f.type, f.required])).toEqual([
      ['name', 'text', true],
      ['email', 'email', true],
      ['store', 'select', false],
      ['news', 'checkbox', false],
      ['field_5', 'textarea', false],
    ]);
    expect(fields[2].options).toEqual(['Main St', 'Riverside']);
  });

  it('keep at most 50 fields, and names stay unique', () => {
    expect(formFields(Array.from({ length: 200 }, () => ({ field_name: 'x' })))).toHaveLength(MAX_FORM_FIELDS);
    expect(new Set(formFields([{ field_name: 'a' }, { field_name: 'a' }]).map((f) => f.name)).size).toBe(2);
  });
});

describe('checking a field', () => {
  it('names the field in its message', () => {
    expect(fieldProblem(fields[0], '  ')).toBe('Fill in Name.');
    expect(fieldProblem(fields[1], 'not-an-address')).toBe('Enter an e-mail address like name@example.com in E-mail.');
    expect(fieldProblem(fields[2], 'Elsewhere')).toBe('Choose one of the options of Store.');
    expect(fieldProblem(fields[2], '')).toBeNull();
    expect(fieldProblem(fields[0], 'Ada')).toBeNull();
  });

  it('refuses more than 10 KB in one field (bytes, not characters)', () => {
    expect(fieldProblem(fields[4], 'x'.repeat(MAX_FIELD_BYTES))).toBeNull();
    expect(fieldProblem(fields[4], 'é'.repeat(MAX_FIELD_BYTES / 2 + 1))).toBe('Message may hold at most 10 KB.');
  });
});

describe('checking a submission', () => {
  const ok = { name: 'Ada', email: 'ada@example.com' };
  it('takes a valid one', () => {
    expect(checkSubmission(fields, ok)).toEqual({ form: null, fields: {} });
  });

  it('refuses 200 fields, an unknown field and more than 64 KB as a whole, before looking at fields', () => {
    const many = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [`f${i}`, 'x']));
    expect(checkSubmission(fields, many).form).toBe('A form takes at most 50 fields; this one sent 200.');
    expect(checkSubmission(fields, { ...ok, admin: 'yes' }).form).toBe('“admin” is not a field of this form.');
    const big = { ...ok, field_5: 'x'.repeat(MAX_FIELD_BYTES), store: 'x'.repeat(MAX_SUBMISSION_BYTES) };
    expect(checkSubmission(fields, big).form).toMatch(/^A submission may hold at most 64 KB; this one holds 7\d KB\.$/);
  });

  it('gives each field its own message', () => {
    expect(checkSubmission(fields, { email: 'x' }).fields).toEqual({
      name: 'Fill in Name.',
      email: 'Enter an e-mail address like name@example.com in E-mail.',
    });
  });
});
