import { countdownParts } from '../../core/handlers/widgets/counter-math';
import { str, type WidgetDefinition } from './types';

const UNITS = [
  ['days', 'Days'],
  ['hours', 'Hours'],
  ['minutes', 'Minutes'],
  ['seconds', 'Seconds'],
] as const;

/** Countdown to due_date (ISO date-time); the handler ticks every second and shows the expiry message. */
export const countdown: WidgetDefinition = {
  type: 'countdown',
  title: 'Countdown',
  frontendSettings: [],
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
