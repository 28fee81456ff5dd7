import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState, type FormEvent } from 'react';
import { fieldErrors, type FieldErrors } from './client';
import { useTasks } from '../hooks/use-tasks';
import { ErrorMessage } from './status';
import type { ShopUser } from './types';
import { FieldError, invalidProps } from './field-error';

interface Field {
  name: string;
  label: string;
  type: string;
  autoComplete: string;
}

const SIGN_IN: Field[] = [
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password', type: 'password', autoComplete: 'current-password' },
];
const SIGN_UP: Field[] = [
  { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
  { name: 'password', label: 'Password (at least 8 characters)', type: 'password', autoComplete: 'new-password' },
];

/** Sign in, or with `mode="sign-up"` create an account; the anonymous cart is kept either way. */
export function SignInForm({
  mode,
  onSignedIn,
  intro,
}: {
  mode: 'sign-in' | 'sign-up';
  onSignedIn: (user: ShopUser) => void;
  intro?: string;
}) {
  const fields = mode === 'sign-in' ? SIGN_IN : SIGN_UP;
  const [values, setValues] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const tasks = useTasks();
  const { error } = tasks;
  const busy = tasks.busy();

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    await tasks.run('task', async () => {
      try {
        const v = (name: string) => values[name] ?? '';
        const r =
          mode === 'sign-in'
            ? await api(shop.signIn, { body: { email: v('email'), password: v('password') } })
            : await api(shop.signUp, { body: { name: v('name'), email: v('email'), password: v('password') } });
        onSignedIn(r.user);
      } catch (err) {
        // Field messages go next to their fields; anything else above the form.
        const f = fieldErrors(err);
        if (!Object.keys(f).length) throw err;
        setErrors(f);
      }
    });
  }

  const title = mode === 'sign-in' ? 'Sign in' : 'Create an account';
  return (
    <section className="shop-auth" aria-labelledby={`${mode}-title`}>
      <h2 id={`${mode}-title`}>{title}</h2>
      {intro ? <p>{intro}</p> : null}
      <form onSubmit={submit} noValidate>
        <ErrorMessage message={error} />
        {fields.map((f) => (
          <div className="field" key={f.name}>
            <label htmlFor={`${mode}-${f.name}`}>{f.label}</label>
            <input
              id={`${mode}-${f.name}`}
              name={f.name}
              type={f.type}
              autoComplete={f.autoComplete}
              value={values[f.name] ?? ''}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
              {...invalidProps(`${mode}-${f.name}-error`, errors[f.name])}
            />
            <FieldError id={`${mode}-${f.name}-error`} error={errors[f.name]} />
          </div>
        ))}
        <button type="submit" disabled={busy}>
          {busy ? 'Please wait…' : title}
        </button>
      </form>
      <p>
        {mode === 'sign-in' ? (
          <a href="#!/sign-up">New here? Create an account</a>
        ) : (
          <a href="#!/sign-in">Already have an account? Sign in</a>
        )}
      </p>
    </section>
  );
}
