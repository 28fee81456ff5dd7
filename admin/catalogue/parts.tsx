import { type ReactNode, useState } from 'react';
import type { z } from 'zod';
import { queryText, urlOf, type AnyEndpoint, type Endpoint } from '../../core/api/endpoint';
import type { ListPage } from '../../core/wire/catalogue-admin';
import { withNonce, http as request, HttpError as RequestError } from '../../core/http';
import { AdminField, errorProps, FormError } from '../../react-app/forms/admin-field';
import { useAdminData } from '../use-admin-data';

// What the back office's screens share: a list with search, filters, paging and CSV export; a form whose
// fields carry the server's message for them (keyed by the field's path, e.g. "holidays.0.close"); saving
// through the API's endpoints (core/api/catalogue.ts); and a row's audit trail.

export type Errors = Record<string, string>;
export const money = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '' : `$${(cents / 100).toFixed(2)}`;

/** A list endpoint of core/api/catalogue.ts: its answer is one page of rows. */
type ListEndpoint<T> = Endpoint<'GET', string, z.ZodType<ListPage<T>>>;

/** A list's query: search text, filters and page, kept in the URL's own terms; the CSV export of the same rows. */
export function useList<T>(list: ListEndpoint<T>, csv: AnyEndpoint, filters: Record<string, string>, onError: (m: string) => void) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const chosen = Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== ''));
  const query = queryText({ ...chosen, page, per_page: 25, q: q || undefined });
  const [data, reload] = useAdminData(list, onError, { query });
  return { data, reload, q, setQ, page, setPage, exportUrl: withNonce(urlOf(csv, {}, { ...chosen, q: q || undefined })) };
}

/** The search box, the filters given as children, and the export link above a list. */
export function ListControls(props: { id: string; label: string; onSearch: (q: string) => void; exportUrl: string; children?: ReactNode }) {
  const [text, setText] = useState('');
  return (
    <form
      className="catalogue-controls"
      role="search"
      aria-label={props.label}
      onSubmit={(e) => {
        e.preventDefault();
        props.onSearch(text.trim());
      }}
    >
      <label htmlFor={`${props.id}-q`}>Search</label>
      <input id={`${props.id}-q`} type="search" value={text} onChange={(e) => setText(e.target.value)} />
      {props.children}
      <button type="submit">Search</button>
      <a className="button" href={props.exportUrl} download>
        Export CSV
      </a>
    </form>
  );
}

/** The publish-state filter of a list of drafts and published rows (circulars, recipes). */
export function StatusFilter(props: { id: string; value: string; onChange: (status: string) => void }) {
  return (
    <>
      <label htmlFor={props.id}>Status</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Drafts and published</option>
        <option value="draft">Drafts</option>
        <option value="publish">Published</option>
      </select>
    </>
  );
}

/** Previous/next under a list, with where the page is. */
export function Pager({ data, setPage }: { data: ListPage<unknown> | null; setPage: (p: number) => void }) {
  if (!data) return null;
  return (
    <nav className="catalogue-pager" aria-label="Pages">
      <button type="button" disabled={data.page <= 1} onClick={() => setPage(data.page - 1)}>
        Previous page
      </button>
      <span>
        Page {data.page} of {data.pages} ({data.total} in all)
      </span>
      <button type="button" disabled={data.page >= data.pages} onClick={() => setPage(data.page + 1)}>
        Next page
      </button>
    </nav>
  );
}

// ---- forms

const getPath = (value: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>((at, key) => (at !== null && typeof at === 'object' ? (at as Record<string, unknown>)[key] : undefined), value);

function setPath<T>(value: T, path: string, next: unknown): T {
  const [key, ...rest] = path.split('.');
  const copy: Record<string, unknown> | unknown[] = Array.isArray(value)
    ? [...(value as unknown[])]
    : { ...(value as Record<string, unknown>) };
  const child = (copy as Record<string, unknown>)[key];
  (copy as Record<string, unknown>)[key] = rest.length ? setPath(child ?? {}, rest.join('.'), next) : next;
  return copy as T;
}

export interface Form<T> {
  value: T;
  errors: Errors;
  prefix: string;
  get(path: string): unknown;
  set(path: string, next: unknown): void;
  // Methods, so a form of any row type is a Form<unknown> to the field components.
  replace(value: T): void;
  setErrors(errors: Errors): void;
}

export function useForm<T>(initial: T, prefix: string): Form<T> {
  const [value, setValue] = useState<T>(initial);
  const [errors, setErrors] = useState<Errors>({});
  return {
    value,
    errors,
    prefix,
    get: (path) => getPath(value, path),
    set: (path, next) => setValue((v) => setPath(v, path, next)),
    replace: (v) => {
      setValue(v);
      setErrors({});
    },
    setErrors,
  };
}

export const fieldId = (form: Form<unknown>, path: string) => `${form.prefix}-${path.replace(/\./g, '-')}`;

type FieldProps = { form: Form<unknown>; name: string; label: string };
const asForm = (f: Form<unknown>) => f;

export function TextField(
  props: FieldProps & { type?: 'text' | 'date' | 'time' | 'url'; multiline?: boolean; nullable?: boolean; hint?: string },
) {
  const form = asForm(props.form);
  const id = fieldId(form, props.name);
  const error = form.errors[props.name];
  const value = (form.get(props.name) as string | null | undefined) ?? '';
  const onChange = (v: string) => form.set(props.name, props.nullable && v === '' ? null : v);
  return (
    <AdminField id={id} label={props.label} error={error}>
      {props.multiline ? (
        <textarea id={id} value={value} rows={4} onChange={(e) => onChange(e.target.value)} {...errorProps(id, error)} />
      ) : (
        <input id={id} type={props.type ?? 'text'} value={value} onChange={(e) => onChange(e.target.value)} {...errorProps(id, error)} />
      )}
    </AdminField>
  );
}

/** A number; empty is null (the server names a required one). */
export function NumberField(props: FieldProps & { step?: string }) {
  const form = asForm(props.form);
  const id = fieldId(form, props.name);
  const error = form.errors[props.name];
  const value = form.get(props.name) as number | null | undefined;
  return (
    <AdminField id={id} label={props.label} error={error}>
      <input
        id={id}
        type="number"
        step={props.step ?? 'any'}
        value={value === null || value === undefined || Number.isNaN(value) ? '' : String(value)}
        onChange={(e) => form.set(props.name, e.target.value === '' ? null : Number(e.target.value))}
        {...errorProps(id, error)}
      />
    </AdminField>
  );
}

/** Cents typed as dollars ("4.49"). */
export function MoneyField(props: FieldProps) {
  const form = asForm(props.form);
  const id = fieldId(form, props.name);
  const error = form.errors[props.name];
  const cents = form.get(props.name) as number | null | undefined;
  const [text, setText] = useState('');
  // What was typed while it still means the form's value (so "4.5" stays "4.5"); the value itself otherwise.
  const typed =
    cents === null || cents === undefined ? text.trim() === '' : Number.isNaN(cents) || Math.round(Number(text) * 100) === cents;
  const shown = typed ? text : cents === null || cents === undefined ? '' : (cents / 100).toFixed(2);
  return (
    <AdminField id={id} label={`${props.label} ($)`} error={error}>
      <input
        id={id}
        type="text"
        inputMode="decimal"
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          const v = e.target.value.trim();
          form.set(props.name, v === '' ? null : Math.round(Number(v) * 100));
        }}
        {...errorProps(id, error)}
      />
    </AdminField>
  );
}

export function CheckField(props: FieldProps) {
  const form = asForm(props.form);
  const id = fieldId(form, props.name);
  const error = form.errors[props.name];
  return (
    <div className={`admin-field admin-check-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id} className="admin-check">
        <input
          id={id}
          type="checkbox"
          checked={form.get(props.name) === true}
          onChange={(e) => form.set(props.name, e.target.checked)}
          {...errorProps(id, error)}
        />{' '}
        {props.label}
      </label>
      <FormError id={`${id}-error`} error={error} />
    </div>
  );
}

export function SelectField(
  props: FieldProps & { options: ReadonlyArray<readonly [string | number, string]>; numeric?: boolean; nullable?: boolean },
) {
  const form = asForm(props.form);
  const id = fieldId(form, props.name);
  const error = form.errors[props.name];
  const value = form.get(props.name);
  const shown = value === null || value === undefined ? '' : String(value);
  // A value none of the options carries (nothing chosen yet) shows as "Choose…", never as the first option.
  const unchosen = !props.nullable && !props.options.some(([v]) => String(v) === shown);
  return (
    <AdminField id={id} label={props.label} error={error}>
      <select
        id={id}
        value={unchosen ? '' : shown}
        onChange={(e) => {
          const v = e.target.value;
          form.set(props.name, v === '' && props.nullable ? null : props.numeric ? Number(v) : v);
        }}
        {...errorProps(id, error)}
      >
        {props.nullable ? <option value="">None</option> : null}
        {unchosen ? (
          <option value="" disabled>
            Choose…
          </option>
        ) : null}
        {props.options.map(([v, label]) => (
          <option key={String(v)} value={String(v)}>
            {label}
          </option>
        ))}
      </select>
    </AdminField>
  );
}

/** A set of choices (store ids, services, attributes) as ticked boxes. */
export function ChoiceSet(props: FieldProps & { options: ReadonlyArray<readonly [string | number, string]> }) {
  const form = asForm(props.form);
  const id = fieldId(form, props.name);
  const error = form.errors[props.name];
  const chosen = (form.get(props.name) as Array<string | number> | undefined) ?? [];
  return (
    <fieldset className={`admin-field${error ? ' admin-field--error' : ''}`} aria-describedby={error ? `${id}-error` : undefined}>
      <legend>{props.label}</legend>
      {props.options.map(([v, label]) => (
        <label key={String(v)} className="admin-check">
          <input
            type="checkbox"
            checked={chosen.includes(v)}
            onChange={() => form.set(props.name, chosen.includes(v) ? chosen.filter((x) => x !== v) : [...chosen, v])}
          />{' '}
          {label}
        </label>
      ))}
      <FormError id={`${id}-error`} error={error} />
    </fieldset>
  );
}

/** Messages the server gave for fields this form does not show (a nested path), so none is lost. */
export function OtherErrors({ form, shown }: { form: Form<unknown>; shown: readonly string[] }) {
  const rest = Object.entries(asForm(form).errors).filter(([k]) => !shown.includes(k));
  if (!rest.length) return null;
  return (
    <ul className="form-error catalogue-other-errors">
      {rest.map(([k, v]) => (
        <li key={k}>
          {k}: {v}
        </li>
      ))}
    </ul>
  );
}

/** Where a form is saved: POST to create, PUT to its `:id` to change, both answering the saved row. */
export interface SaveTo<B, R> {
  create: Endpoint<'POST', string, z.ZodType<R>, { body: B }>;
  update: Endpoint<'PUT', `${string}/:id`, z.ZodType<R>, { body: B }>;
}

/** Saves the form's body: POST when new, PUT otherwise. Field messages land on the form; the status says what happened. */
export async function saveForm<B, R>(
  form: Form<B>,
  to: SaveTo<B, R>,
  id: number | null,
  say: (m: string) => void,
  what: string,
): Promise<R | null> {
  form.setErrors({});
  try {
    // The endpoint's body type is the form's: a form of another row does not compile.
    const saved = await request<R>(id ? urlOf(to.update, { id }) : urlOf(to.create), { method: id ? 'PUT' : 'POST', body: form.value });
    say(`Saved ${what}.`);
    return saved;
  } catch (e) {
    if (e instanceof RequestError) form.setErrors(e.fields);
    say(`Not saved: ${(e as Error).message}`);
    return null;
  }
}
