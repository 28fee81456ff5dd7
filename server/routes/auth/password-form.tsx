import type { LinkPurpose } from '../../auth/one-time-links';

export type FieldErrors = Partial<Record<string, string>>;

function Field(props: { id: string; name: string; label: string; type: string; autoComplete: string; error?: string; value?: string }) {
  const errorId = `${props.id}-error`;
  return (
    <p>
      <label htmlFor={props.id}>{props.label}</label>
      <input
        id={props.id}
        name={props.name}
        type={props.type}
        autoComplete={props.autoComplete}
        required
        defaultValue={props.value}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? errorId : undefined}
      />
      {props.error ? (
        <span className="form-error" id={errorId}>
          {props.error}
        </span>
      ) : null}
    </p>
  );
}

/** The set-up form's own fields (before the new password both forms share). */
const SETUP_FIELDS = [
  { id: 'setup-name', name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
  { id: 'setup-email', name: 'email', label: 'Email', type: 'email', autoComplete: 'username' },
];

/** The set-up form (name, email, password of the first administrator) or the reset form (a new password). */
export function PasswordForm(props: {
  purpose: LinkPurpose;
  action: string;
  title: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
}) {
  const errors = props.errors ?? {};
  return (
    <section className="wrap login-screen">
      <h1>{props.title}</h1>
      <form method="post" action={props.action} className="login-form" noValidate>
        {props.purpose === 'setup'
          ? SETUP_FIELDS.map((field) => <Field key={field.id} {...field} error={errors[field.name]} value={props.values?.[field.name]} />)
          : null}
        <Field
          id="new-password"
          name="password"
          label="New password (at least 8 characters)"
          type="password"
          autoComplete="new-password"
          error={errors.password}
        />
        <button type="submit" className="button">
          {props.purpose === 'setup' ? 'Create the account' : 'Change the password'}
        </button>
      </form>
    </section>
  );
}
