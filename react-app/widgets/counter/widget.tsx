import { formatCounter } from './counter-math';
import { choices, str, type WidgetDefinition } from '../types';

const num = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : parseFloat(String(v ?? ''));
  return Number.isFinite(n) ? n : fallback;
};

/** Counter: the server shows the end value; the handler counts up to it when it comes into view. */
export const counter: WidgetDefinition = {
  type: 'counter',
  behaviour: { chunk: 'counter', nearViewport: true },
  title: 'Counter',
  frontendSettings: [],
  controls: [
    { key: 'starting_number', label: 'Starting number', type: 'number' },
    { key: 'ending_number', label: 'Ending number', type: 'number' },
    { key: 'prefix', label: 'Prefix', type: 'text' },
    { key: 'suffix', label: 'Suffix', type: 'text' },
    { key: 'title', label: 'Title', type: 'text' },
    { key: 'duration', label: 'Duration (ms)', type: 'number', min: 0, max: 10000, step: 100 },
    { key: 'thousand_separator', label: 'Thousand separator', type: 'switcher' },
    { key: 'thousand_separator_char', label: 'Separator', type: 'select', options: choices({ ',': 'Comma', '.': 'Dot', ' ': 'Space' }) },
  ],
  defaults: { starting_number: 0, ending_number: 100, title: 'Cool number' },
  render: (s) => {
    const from = num(s.starting_number, 0);
    const to = num(s.ending_number, 100);
    const delimiter = s.thousand_separator === 'yes' ? str(s.thousand_separator_char, ',').slice(0, 1) : '';
    const decimals = (String(to).split('.')[1] ?? '').length;
    const title = str(s.title);
    return (
      <div className="elementor-counter">
        <div
          className="elementor-counter-number-wrapper"
          aria-label={`${str(s.prefix)}${formatCounter(to, delimiter, decimals)}${str(s.suffix)} ${title}`.trim()}
          role="img"
        >
          <span className="elementor-counter-number-prefix" aria-hidden="true">
            {str(s.prefix)}
          </span>
          <span
            className="elementor-counter-number"
            aria-hidden="true"
            data-from-value={from}
            data-to-value={to}
            data-duration={num(s.duration, 2000)}
            data-delimiter={delimiter}
          >
            {formatCounter(to, delimiter, decimals)}
          </span>
          <span className="elementor-counter-number-suffix" aria-hidden="true">
            {str(s.suffix)}
          </span>
        </div>
        {title ? (
          <div className="elementor-counter-title" aria-hidden="true">
            {title}
          </div>
        ) : null}
      </div>
    );
  },
};

export const progress: WidgetDefinition = {
  type: 'progress',
  behaviour: { chunk: 'progress', nearViewport: true },
  title: 'Progress Bar',
  frontendSettings: [],
  controls: [
    { key: 'title', label: 'Title', type: 'text' },
    { key: 'percent', label: 'Percentage', type: 'slider', unit: '%', min: 0, max: 100 },
    { key: 'inner_text', label: 'Inner text', type: 'text' },
    { key: 'display_percentage', label: 'Show percentage', type: 'select', options: choices({ '': 'Show', show: 'Show', hide: 'Hide' }) },
  ],
  defaults: { title: 'My skill', percent: { size: 50, unit: '%' } },
  render: (s) => {
    const raw = s.percent && typeof s.percent === 'object' ? (s.percent as { size?: unknown }).size : s.percent;
    const percent = Math.min(100, Math.max(0, Math.round(num(raw, 50))));
    const title = str(s.title, 'Progress');
    const inner = str(s.inner_text);
    return (
      <>
        <span className="elementor-title">{title}</span>
        <div
          className="elementor-progress-wrapper"
          role="progressbar"
          aria-label={title}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
          aria-valuetext={inner ? `${percent}% (${inner})` : `${percent}%`}
        >
          <div className="elementor-progress-bar" style={{ width: `${percent}%` }}>
            <span className="elementor-progress-text">{inner}</span>
            {s.display_percentage !== 'hide' ? <span className="elementor-progress-percentage">{percent}%</span> : null}
          </div>
        </div>
      </>
    );
  },
};
