import { choices, type SelectOptions } from '../../core/wire/control-schema';

// The document settings form as data: page settings and every popup setting (popup, timing and
// trigger settings; docs/editor.md), each at its path in the saved settings object, so the server's message for
// `timing.times_times` lands next to that field.

export type FieldKind = 'flag' | 'number' | 'text' | 'select' | 'devices';

export interface DocumentField {
  path: string;
  label: string;
  kind: FieldKind;
  options?: SelectOptions;
  group: string;
}

const ANIMATIONS: SelectOptions = choices({ '': 'None', fadeIn: 'Fade in', fadeInUp: 'Fade in up', zoomIn: 'Zoom in' });

const STORE_REQUIREMENTS: SelectOptions = choices({
  '': 'None',
  catering: 'Needs the catering store',
  wine: 'Needs the wine store',
  disallow_special: 'Disallow catering and wine stores',
});

/** The field maker of one form group: paths under `prefix`, a flag unless another kind is named. */
const fieldsOf =
  (group: string, prefix = '') =>
  (name: string, label: string, kind: FieldKind = 'flag', options?: SelectOptions): DocumentField =>
    options ? { path: prefix + name, label, kind, group, options } : { path: prefix + name, label, kind, group };

const page = fieldsOf('Page');
const trigger = fieldsOf('Triggers', 'triggers.');
const rule = fieldsOf('Advanced rules', 'timing.');
const popup = fieldsOf('Popup');

export const PAGE_FIELDS: DocumentField[] = [
  page('hide_title', 'Hide the title'),
  page('store_requirement', 'Store requirement', 'select', STORE_REQUIREMENTS),
  page('template', 'Template', 'select', choices({ default: 'Default', 'full-width': 'Full width', canvas: 'Canvas' })),
];

export const POPUP_FIELDS: DocumentField[] = [
  trigger('page_load', 'On page load'),
  trigger('page_load_delay', 'Page load delay (seconds)', 'number'),
  trigger('scrolling', 'On scroll'),
  trigger('scrolling_direction', 'Scroll direction', 'select', choices({ down: 'Down', up: 'Up' })),
  trigger('scrolling_offset', 'Scrolled (%)', 'number'),
  trigger('scrolling_to', 'On scroll to element'),
  trigger('scrolling_to_selector', 'Element selector', 'text'),
  trigger('click', 'On page clicks'),
  trigger('click_times', 'Clicks', 'number'),
  trigger('inactivity', 'After inactivity'),
  trigger('inactivity_time', 'Inactivity (seconds)', 'number'),
  trigger('exit_intent', 'On page exit intent'),
  trigger('adblock_detection', 'On ad block detection'),
  trigger('adblock_detection_delay', 'Ad block check delay (seconds)', 'number'),
  rule('times', 'Show up to X times'),
  rule('times_times', 'Times', 'number'),
  rule('times_period', 'Per', 'select', choices({ '': 'Lifetime', session: 'Session', day: 'Day', week: 'Week', month: 'Month' })),
  rule('times_count', 'Count', 'select', choices({ on_open: 'When it opens', on_close: 'When it closes' })),
  rule('page_views', 'After X page views'),
  rule('page_views_views', 'Page views', 'number'),
  rule('sessions', 'After X sessions'),
  rule('sessions_sessions', 'Sessions', 'number'),
  rule('url', 'When arriving from a URL'),
  rule('url_url', 'URL', 'text'),
  rule('url_action', 'URL action', 'select', choices({ show: 'Show', hide: 'Hide', regex: 'Regular expression' })),
  rule('logged_in', 'Hide for logged-in users'),
  rule('devices', 'Show on devices'),
  rule('devices_devices', 'Devices', 'devices'),
  rule('stores', 'Only for visitors of stores'),
  rule('stores_ids', 'Store ids (comma separated)', 'text'),
  rule('user_groups', 'Only for user groups'),
  rule('user_groups_ids', 'User group ids (comma separated)', 'text'),
  rule('schedule', 'Schedule'),
  rule('schedule_start_date', 'Start (date and time)', 'text'),
  rule('schedule_end_date', 'End (date and time)', 'text'),
  popup('prevent_scroll', 'Prevent page scrolling'),
  popup('prevent_close_on_background_click', 'Prevent closing on overlay click'),
  popup('prevent_close_on_esc_key', 'Prevent closing on Esc'),
  popup('avoid_multiple_popups', 'Avoid multiple popups'),
  popup('a11y_navigation', 'Keyboard focus inside the popup'),
  popup('close_button_delay', 'Show close button after (seconds)', 'number'),
  popup('close_automatically', 'Close automatically after (seconds)', 'number'),
  popup('entrance_animation', 'Entrance animation', 'select', ANIMATIONS),
  popup('exit_animation', 'Exit animation', 'select', choices({ '': 'None', fadeOut: 'Fade out' })),
  popup('open_selector', 'Open on clicks of (CSS selector)', 'text'),
  popup('classes', 'CSS classes', 'text'),
];

export function getPath(obj: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

export function setPath(obj: Record<string, unknown>, path: string, value: unknown): Record<string, unknown> {
  const [head, ...rest] = path.split('.');
  if (!rest.length) return { ...obj, [head]: value };
  const inner = obj[head] && typeof obj[head] === 'object' ? (obj[head] as Record<string, unknown>) : {};
  return { ...obj, [head]: setPath(inner, rest.join('.'), value) };
}
