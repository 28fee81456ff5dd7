import { Handler } from '../../../core/handlers/base';
import { api } from '../../../core/api/client';
import * as formsApi from '../../../core/api/forms';
import { errorMessage, fieldErrors } from '../../../core/http';
import { fieldProblem, formFields, HONEYPOT_FIELD, type FieldErrors, type FormField } from '../../../core/forms/form-rules';

type FormControl = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * Form: checks a field when the shopper leaves it and every field before sending, shows each problem next to its
 * field (the server's too), and sends the form to the inbox with the page's nonce (docs/widgets.md, "Form").
 */
export default class FormHandler extends Handler<{ form_fields?: unknown; success_message?: string }> {
  private fields: FormField[] = [];

  override connect(): void {
    const form = this.element.querySelector<HTMLFormElement>('form.e-form');
    if (!form) return;
    this.fields = formFields(this.settings.form_fields);
    for (const field of this.fields) {
      const control = this.control(form, field.name);
      if (!control) continue;
      this.listen(control, 'blur', () => this.showField(form, field.name, fieldProblem(field, this.fieldValue(control))));
      // A problem shown goes as soon as the field is right, while typing: cleared on the blur of pressing Send, its
      // line would close up under the pointer and move the button away before the click lands.
      this.listen(control, 'input', () => {
        if (control.getAttribute('aria-invalid') === 'true' && !fieldProblem(field, this.fieldValue(control)))
          this.showField(form, field.name, null);
      });
    }
    this.listen(form, 'submit', (e) => {
      e.preventDefault();
      void this.send(form);
    });
  }

  /** Field names are letters, digits, _ and - (formFields): safe inside a quoted attribute selector. */
  private control(form: HTMLFormElement, name: string): FormControl | null {
    return form.querySelector<FormControl>(`[name="${name}"]`);
  }

  private fieldValue(control: FormControl): string {
    return control instanceof HTMLInputElement && control.type === 'checkbox' ? (control.checked ? 'on' : '') : control.value;
  }

  private showField(form: HTMLFormElement, name: string, problem: string | null): void {
    const control = this.control(form, name);
    const slot = form.querySelector<HTMLElement>(`[data-error-for="${name}"]`);
    if (slot) slot.textContent = problem ?? '';
    if (problem) control?.setAttribute('aria-invalid', 'true');
    else control?.removeAttribute('aria-invalid');
  }

  private showAll(form: HTMLFormElement, problems: FieldErrors): boolean {
    for (const field of this.fields) this.showField(form, field.name, problems[field.name] ?? null);
    const first = this.fields.find((f) => problems[f.name]);
    if (first) this.control(form, first.name)?.focus();
    return !!first;
  }

  private async send(form: HTMLFormElement): Promise<void> {
    const status = form.querySelector<HTMLElement>('.e-form__status');
    const submit = form.querySelector<HTMLButtonElement>('.e-form__submit');
    const values: Record<string, string> = {};
    const problems: FieldErrors = {};
    for (const field of this.fields) {
      const control = this.control(form, field.name);
      values[field.name] = control ? this.fieldValue(control) : '';
      const problem = fieldProblem(field, values[field.name]);
      if (problem) problems[field.name] = problem;
    }
    if (status) status.textContent = '';
    if (this.showAll(form, problems)) return;
    // The nearest document holding the form (a page built by a template has none of its own: the server finds it).
    const documentId = Number(this.element.closest<HTMLElement>('[data-elementor-id]:not([data-elementor-id=""])')?.dataset.elementorId);
    if (submit) submit.disabled = true;
    try {
      const sent = await api(formsApi.submitForm, {
        body: {
          document_id: Number.isInteger(documentId) && documentId > 0 ? documentId : undefined,
          element_id: this.element.dataset.id ?? '',
          fields: values,
          token: form.dataset.formToken ?? '',
          [HONEYPOT_FIELD]: (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? '',
        },
      });
      form.reset();
      form.classList.add('e-form--sent');
      if (status) status.textContent = this.settings.success_message || sent.message;
    } catch (error) {
      const fields = fieldErrors(error);
      this.showAll(form, fields);
      if (status && !Object.keys(fields).length) status.textContent = errorMessage(error);
    } finally {
      if (submit) submit.disabled = false;
    }
  }
}
