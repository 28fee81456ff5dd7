import { formFields, HONEYPOT_FIELD, MAX_FORM_FIELDS, type FormField } from '../../../core/forms/form-rules';
import { formDataKey, type FormRenderData } from '../../../core/forms/form-data';
import { choices, str, type ElementNode, type WidgetDefinition } from '../types';

const FIELD_TYPE_OPTIONS = choices({
  text: 'Text',
  email: 'E-mail',
  tel: 'Phone',
  number: 'Number',
  textarea: 'Paragraph',
  select: 'Select',
  checkbox: 'Checkbox',
});

function Field({ field, id }: { field: FormField; id: string }) {
  const inputId = `${id}-${field.name}`;
  const errorId = `${inputId}-error`;
  const common = {
    id: inputId,
    name: field.name,
    required: field.required,
    'aria-describedby': errorId,
    className: 'e-form__input',
  };
  const error = <span id={errorId} className="e-form__error" data-error-for={field.name} />;
  if (field.type === 'checkbox')
    return (
      <div className="e-form__field e-form__field--checkbox">
        <input type="checkbox" {...common} />
        <label htmlFor={inputId}>{field.label}</label>
        {error}
      </div>
    );
  const label = (
    <label htmlFor={inputId}>
      {field.label}
      {field.required ? <span aria-hidden="true"> *</span> : null}
    </label>
  );
  const control =
    field.type === 'textarea' ? (
      <textarea rows={4} placeholder={field.placeholder || undefined} {...common} />
    ) : field.type === 'select' ? (
      <select defaultValue="" {...common}>
        <option value="">Choose…</option>
        {field.options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    ) : (
      <input
        type={field.type}
        placeholder={field.placeholder || undefined}
        autoComplete={field.type === 'email' ? 'email' : field.type === 'tel' ? 'tel' : undefined}
        {...common}
      />
    );
  return (
    <div className={`e-form__field e-form__field--${field.type}`}>
      {label}
      {control}
      {error}
    </div>
  );
}

/**
 * A form whose submissions go into the admin inbox (and, when the form names an address and the site has an SMTP
 * server, by e-mail). Its fields are a repeater; the handler checks each field as the shopper leaves it and sends
 * the form with the page's nonce. Spam: a honeypot field and a signed time from the server (docs/widgets.md, "Form").
 */
export const form: WidgetDefinition = {
  type: 'form',
  title: 'Form',
  behaviour: { chunk: 'form' },
  frontendSettings: ['form_fields', 'success_message'],
  controls: [
    { key: 'form_name', label: 'Form name', type: 'text', help: 'Shown in the inbox beside each submission.' },
    {
      key: 'form_fields',
      label: 'Fields',
      type: 'repeater',
      max: MAX_FORM_FIELDS,
      fields: [
        { key: 'field_label', label: 'Label', type: 'text' },
        { key: 'field_type', label: 'Type', type: 'select', options: FIELD_TYPE_OPTIONS },
        { key: 'field_name', label: 'Name (letters, digits, _ and -)', type: 'text' },
        { key: 'required', label: 'Required', type: 'switcher' },
        { key: 'placeholder', label: 'Placeholder', type: 'text' },
        { key: 'field_options', label: 'Options (one per line)', type: 'textarea' },
      ],
    },
    { key: 'button_text', label: 'Button text', type: 'text', default: 'Send' },
    { key: 'success_message', label: 'Success message', type: 'text', default: 'Thanks! We received your message.' },
    { key: 'email_to', label: 'E-mail submissions to', type: 'text', help: 'Optional. Sent through the site’s SMTP server.' },
    { key: 'email_subject', label: 'E-mail subject', type: 'text' },
  ],
  defaults: {
    form_name: 'Contact us',
    form_fields: [
      { field_label: 'Name', field_type: 'text', field_name: 'name', required: 'yes' },
      { field_label: 'E-mail', field_type: 'email', field_name: 'email', required: 'yes' },
      { field_label: 'Message', field_type: 'textarea', field_name: 'message', required: 'yes' },
    ],
    button_text: 'Send',
  },
  render: (s, ctx, node: ElementNode) => {
    const fields = formFields(s.form_fields);
    const id = `e-form-${node.id}`;
    const data = ctx.data[formDataKey(node.id)] as FormRenderData | undefined;
    return (
      <form className="e-form" id={id} method="post" noValidate aria-label={str(s.form_name) || 'Form'} data-form-token={data?.token}>
        {fields.map((f) => (
          <Field key={f.name} field={f} id={id} />
        ))}
        {/* People never see this field; robots fill it in (the honeypot). */}
        <div className="e-form__hp" aria-hidden="true">
          <label htmlFor={`${id}-${HONEYPOT_FIELD}`}>Leave this empty</label>
          <input type="text" id={`${id}-${HONEYPOT_FIELD}`} name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" />
        </div>
        <p className="e-form__status" role="status" />
        <button type="submit" className="elementor-button e-form__submit">
          {str(s.button_text) || 'Send'}
        </button>
      </form>
    );
  },
};
