import { customCssProblem } from '../widgets/controls/custom-css';

// The custom CSS field's own check, as the server runs it on save (react-app/widgets/controls/custom-css.ts): what does not
// parse or is refused is said next to the field while typing, before a save is refused for it.

export function CustomCssMessage({ value, inputId }: { value: unknown; inputId: string }) {
  const problem = customCssProblem(value);
  return problem ? (
    <p className="editor-field-error" id={`${inputId}-error`} role="alert">
      Custom CSS {problem}.
    </p>
  ) : null;
}
