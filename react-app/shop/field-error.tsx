// A form field's error message under its input (docs/behaviour.md: field errors next to the field), and the aria
// attributes that tie the input to it, so screen readers read the message with the field.

/** The message, or nothing while the field is valid. */
export function FieldError({ id, error }: { id: string; error?: string | null }) {
  return error ? (
    <span className="field-error" id={id}>
      {error}
    </span>
  ) : null;
}

/** aria-invalid, and aria-describedby naming the message while there is one. */
export const invalidProps = (id: string, error?: string | null) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? id : undefined,
});
