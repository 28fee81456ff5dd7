import type { ContactFormProps } from '../../core/wire/islands';
import { useState, type FormEvent, type ReactElement } from 'react';
import { CONTACT_TOPICS, validateContact, type ContactErrors, type ContactInput } from '../../core/store-layer/contact-rules';
import { api } from '../../core/api/client';
import { contact } from '../../core/api/content';
import type { ContactStore } from '../../core/wire/store';
import { FieldError } from '../shop/field-error';

export type { ContactStore };

const empty = (storeId: number | null): ContactInput => ({
  name: '',
  email: '',
  phone: '',
  store_id: storeId ? String(storeId) : '',
  topic: '',
  message: '',
});

/** The contact form: the same rules as the server, each message next to its field. */
export type { ContactFormProps };

export default function ContactForm({ stores, currentStoreId }: ContactFormProps) {
  const [values, setValues] = useState<ContactInput>(() => empty(stores.some((s) => s.id === currentStoreId) ? currentStoreId : null));
  const [errors, setErrors] = useState<ContactErrors>({});
  const [status, setStatus] = useState<{ kind: 'idle' | 'sending' | 'sent' | 'error'; message?: string }>({ kind: 'idle' });
  const ids = stores.map((s) => s.id);

  const set = (key: keyof ContactInput) => (e: { target: { value: string } }) => {
    const next = { ...values, [key]: e.target.value };
    setValues(next);
    if (errors[key]) setErrors({ ...errors, [key]: validateContact(next, ids)[key] });
  };

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateContact(values, ids);
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      document.getElementById(`contact-${first}`)?.focus();
      return;
    }
    setStatus({ kind: 'sending' });
    try {
      const res = await api(contact, { body: values });
      setStatus({ kind: 'sent', message: res.message });
      setValues(empty(values.store_id ? Number(values.store_id) : null));
    } catch (e) {
      setStatus({ kind: 'error', message: e instanceof Error ? e.message : String(e) });
    }
  }

  const field = (key: keyof ContactInput, label: string, input: ReactElement, hint?: string) => (
    <div className="field">
      <label htmlFor={`contact-${key}`}>{label}</label>
      {hint ? (
        <span className="field-hint" id={`contact-${key}-hint`}>
          {hint}
        </span>
      ) : null}
      {input}
      <FieldError id={`contact-${key}-error`} error={errors[key]} />
    </div>
  );
  const a11y = (key: keyof ContactInput, hint = false) => ({
    id: `contact-${key}`,
    'aria-invalid': errors[key] ? true : undefined,
    'aria-describedby':
      [hint ? `contact-${key}-hint` : '', errors[key] ? `contact-${key}-error` : ''].filter(Boolean).join(' ') || undefined,
  });

  return (
    <form className="contact-form" noValidate onSubmit={submit}>
      {status.kind === 'sent' ? (
        <p className="form-success" role="status">
          {status.message}
        </p>
      ) : null}
      {status.kind === 'error' ? (
        <p className="form-error" role="alert">
          {status.message}
        </p>
      ) : null}
      {field(
        'name',
        'Your name',
        <input {...a11y('name')} type="text" autoComplete="name" value={values.name} onChange={set('name')} maxLength={100} />,
      )}
      {field(
        'email',
        'Email',
        <input {...a11y('email')} type="email" autoComplete="email" value={values.email} onChange={set('email')} maxLength={254} />,
      )}
      {field(
        'phone',
        'Phone (optional)',
        <input {...a11y('phone')} type="tel" autoComplete="tel" value={values.phone} onChange={set('phone')} maxLength={20} />,
      )}
      {field(
        'store_id',
        'Store',
        <select {...a11y('store_id')} value={values.store_id} onChange={set('store_id')}>
          <option value="">Choose a store</option>
          {stores.map((s, i) => {
            const header = i === 0 || stores[i - 1].state !== s.state;
            return (
              <option key={s.id} value={s.id} data-state={header ? s.state : undefined}>
                {`${s.state} · ${s.name}`}
              </option>
            );
          })}
        </select>,
      )}
      {field(
        'topic',
        'Topic',
        <select {...a11y('topic')} value={values.topic} onChange={set('topic')}>
          <option value="">Choose a topic</option>
          {CONTACT_TOPICS.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>,
      )}
      {field(
        'message',
        'Message',
        <textarea {...a11y('message', true)} rows={6} value={values.message} onChange={set('message')} maxLength={2000} />,
        '10 to 2000 characters.',
      )}
      <button type="submit" className="button" disabled={status.kind === 'sending'}>
        {status.kind === 'sending' ? 'Sending…' : 'Send message'}
      </button>
    </form>
  );
}
