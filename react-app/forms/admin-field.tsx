import type { ReactNode } from 'react';

// A field of an admin or editor form with the server's message for it: the message under the control, named by the
// control's aria-describedby, and the control marked invalid (admin-field--error draws its border red).

/** A labelled field; `children` is the control with id `id` (spread `errorProps(id, error)` on it). */
export function AdminField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`admin-field${error ? ' admin-field--error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      <FormError id={`${id}-error`} error={error} />
    </div>
  );
}

/** A field's error message, with the id its control names in aria-describedby. */
export function FormError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p className="form-error" id={id}>
      {error}
    </p>
  ) : null;
}

/** The control's attributes while its field has an error (none otherwise). */
export const errorProps = (id: string, error: string | undefined): { 'aria-invalid'?: true; 'aria-describedby'?: string } =>
  error ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};
