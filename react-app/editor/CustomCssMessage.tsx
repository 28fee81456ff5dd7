import { useEffect, useState } from 'react';
import { customCssChecker, loadCustomCss } from '../widgets/controls/custom-css-loader';

// The custom CSS field's own check, as the server runs it on save (react-app/widgets/controls/custom-css.ts): what does not
// parse or is refused is said next to the field while typing, before a save is refused for it. The checker (css-tree)
// is loaded when the field is first shown, not with the editor.

export function CustomCssMessage({ value, inputId }: { value: unknown; inputId: string }) {
  const [checker, setChecker] = useState(customCssChecker);
  useEffect(() => {
    if (!checker) void loadCustomCss().then(setChecker);
  }, [checker]);
  const problem = checker?.customCssProblem(value);
  return problem ? (
    <p className="editor-field-error" id={`${inputId}-error`} role="alert">
      Custom CSS {problem}.
    </p>
  ) : null;
}
