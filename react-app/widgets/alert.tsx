import { str, type WidgetDefinition } from './types';

const TYPES = new Set(['info', 'success', 'warning', 'danger']);

export const alert: WidgetDefinition = {
  type: 'alert',
  title: 'Alert',
  frontendSettings: [],
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
