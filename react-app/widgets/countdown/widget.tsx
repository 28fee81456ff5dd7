import { countdownParts } from '../counter/counter-math';
import { str, type WidgetDefinition } from '../types';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Countdown to due_date (ISO date-time); the handler ticks every second and shows the expiry message. */
export const countdown: WidgetDefinition = {
  type: 'countdown',
  behaviour: { chunk: 'countdown' },
  title: 'Countdown',
  frontendSettings: [],
  controls: [
    { key: 'due_date', label: 'Due date', type: 'datetime', help: 'ISO date and time, e.g. 2030-01-01T00:00:00Z' },
    { key: 'countdown_label', label: 'Label', type: 'text' },
    { key: 'message_after_expire', label: 'Message after the end', type: 'text' },
    { key: 'label_days', label: 'Days label', type: 'text' },
    { key: 'label_hours', label: 'Hours label', type: 'text' },
    { key: 'label_minutes', label: 'Minutes label', type: 'text' },
    { key: 'label_seconds', label: 'Seconds label', type: 'text' },
  ],
  defaults: { due_date: '2030-01-01T00:00:00Z', countdown_label: 'Time until the sale' },
  render: (s) => {
    const due = Date.parse(str(s.due_date));
    if (!Number.isFinite(due)) return null;
    const parts = countdownParts(due, Date.now());
    const label = str(s.countdown_label, 'Time left');
    return (
      <>
        <div
          className="elementor-countdown-wrapper"
          data-date={due}
          role="timer"
          aria-label={label}
          hidden={parts.expired && !!s.message_after_expire}
        >
          {UNITS.map(([unit, text]) => (
            <div className="elementor-countdown-item" key={unit}>
              <span className={`elementor-countdown-digits elementor-countdown-${unit}`}>
                {String(parts[unit]).padStart(unit === 'days' ? 1 : 2, '0')}
              </span>{' '}
              <span className="elementor-countdown-label">{str(s[`label_${unit}`], text)}</span>
            </div>
          ))}
        </div>
        {s.message_after_expire ? (
          <div className="elementor-countdown-expire--message" hidden={!parts.expired}>
            {str(s.message_after_expire)}
          </div>
        ) : null}
      </>
    );
  },
};
