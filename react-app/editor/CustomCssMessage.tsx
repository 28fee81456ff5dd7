import { customCssProblem } from '../../core/security/custom-css';

// The custom CSS field's own check, as the server runs it on save (core/security/custom-css.ts): what does not
// parse or is refused is said next to the field while typing, before a save is refused for it.

export function CustomCssMessage({ value, inputId }: { value: unknown; inputId: string }) {
  const problem = customCssProblem(value);
  return problem ? (
    <p className="editor-field-error" id={`${inputId}-error`} role="alert">
      Custom CSS {problem}.
    </p>
  ) : null;
}
