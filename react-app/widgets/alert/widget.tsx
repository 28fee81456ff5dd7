import { choices, str, type WidgetDefinition } from '../types';

const TYPES = new Set(['info', 'success', 'warning', 'danger']);

export const alert: WidgetDefinition = {
  type: 'alert',
  behaviour: { chunk: 'alert' },
  title: 'Alert',
  frontendSettings: [],
  controls: [
    {
      key: 'alert_type',
      label: 'Type',
      type: 'select',
      options: choices({ info: 'Info', success: 'Success', warning: 'Warning', danger: 'Danger' }),
    },
    { key: 'alert_title', label: 'Title', type: 'text' },
    { key: 'alert_description', label: 'Description', type: 'textarea' },
    { key: 'show_dismiss', label: 'Dismiss button', type: 'select', options: choices({ '': 'Show', show: 'Show', hide: 'Hide' }) },
    { key: 'dismiss_label', label: 'Dismiss button label', type: 'text' },
  ],
  defaults: { alert_type: 'info', alert_title: 'This is an alert', alert_description: 'I am a description. Click to edit me.' },
  render: (s) => {
    const type = TYPES.has(str(s.alert_type)) ? str(s.alert_type) : 'info';
    return (
      <div className={`elementor-alert elementor-alert-${type}`} role={type === 'danger' || type === 'warning' ? 'alert' : 'status'}>
        <span className="elementor-alert-title">{str(s.alert_title)}</span>
        {s.alert_description ? <span className="elementor-alert-description">{str(s.alert_description)}</span> : null}
        {s.show_dismiss !== 'hide' ? (
          <button type="button" className="elementor-alert-dismiss" aria-label={str(s.dismiss_label, 'Dismiss this alert.')}>
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
    );
  },
};
