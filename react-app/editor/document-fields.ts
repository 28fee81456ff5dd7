// The document settings form as data: page settings and every popup setting (SPEC §3 popup, timing and
// trigger settings), each at its path in the saved settings object, so the server's message for
// `timing.times_times` lands next to that field.

export type FieldKind = 'flag' | 'number' | 'text' | 'select' | 'devices';

export interface DocumentField {
  path: string;
  label: string;
  kind: FieldKind;
  options?: Array<[string, string]>;
  group: string;
}

const ANIMATIONS: Array<[string, string]> = [
  ['', 'None'],
  ['fadeIn', 'Fade in'],
  ['fadeInUp', 'Fade in up'],
  ['zoomIn', 'Zoom in'],
];

export const PAGE_FIELDS: DocumentField[] = [
  { path: 'hide_title', label: 'Hide the title', kind: 'flag', group: 'Page' },
  {
    path: 'store_requirement',
    label: 'Store requirement',
    kind: 'select',
    group: 'Page',
    options: [
      ['', 'None'],
      ['catering', 'Needs the catering store'],
      ['wine', 'Needs the wine store'],
      ['disallow_special', 'Disallow catering and wine stores'],
    ],
  },
  {
    path: 'template',
    label: 'Template',
    kind: 'select',
    group: 'Page',
    options: [
      ['default', 'Default'],
      ['full-width', 'Full width'],
      ['canvas', 'Canvas'],
    ],
  },
];

const trigger = (name: string, label: string): DocumentField => ({ path: `triggers.${name}`, label, kind: 'flag', group: 'Triggers' });
const rule = (name: string, label: string): DocumentField => ({ path: `timing.${name}`, label, kind: 'flag', group: 'Advanced rules' });

export const POPUP_FIELDS: DocumentField[] = [
  trigger('page_load', 'On page load'),
  { path: 'triggers.page_load_delay', label: 'Page load delay (seconds)', kind: 'number', group: 'Triggers' },
  trigger('scrolling', 'On scroll'),
  {
    path: 'triggers.scrolling_direction',
    label: 'Scroll direction',
    kind: 'select',
    group: 'Triggers',
    options: [
      ['down', 'Down'],
      ['up', 'Up'],
    ],
  },
  { path: 'triggers.scrolling_offset', label: 'Scrolled (%)', kind: 'number', group: 'Triggers' },
  trigger('scrolling_to', 'On scroll to element'),
  { path: 'triggers.scrolling_to_selector', label: 'Element selector', kind: 'text', group: 'Triggers' },
  trigger('click', 'On page clicks'),
  { path: 'triggers.click_times', label: 'Clicks', kind: 'number', group: 'Triggers' },
  trigger('inactivity', 'After inactivity'),
  { path: 'triggers.inactivity_time', label: 'Inactivity (seconds)', kind: 'number', group: 'Triggers' },
  trigger('exit_intent', 'On page exit intent'),
  trigger('adblock_detection', 'On ad block detection'),
  { path: 'triggers.adblock_detection_delay', label: 'Ad block check delay (seconds)', kind: 'number', group: 'Triggers' },
  rule('times', 'Show up to X times'),
  { path: 'timing.times_times', label: 'Times', kind: 'number', group: 'Advanced rules' },
  {
    path: 'timing.times_period',
    label: 'Per',
    kind: 'select',
    group: 'Advanced rules',
    options: [
      ['', 'Lifetime'],
      ['session', 'Session'],
      ['day', 'Day'],
      ['week', 'Week'],
      ['month', 'Month'],
    ],
  },
  {
    path: 'timing.times_count',
    label: 'Count',
    kind: 'select',
    group: 'Advanced rules',
    options: [
      ['on_open', 'When it opens'],
      ['on_close', 'When it closes'],
    ],
  },
  rule('page_views', 'After X page views'),
  { path: 'timing.page_views_views', label: 'Page views', kind: 'number', group: 'Advanced rules' },
  rule('sessions', 'After X sessions'),
  { path: 'timing.sessions_sessions', label: 'Sessions', kind: 'number', group: 'Advanced rules' },
  rule('url', 'When arriving from a URL'),
  { path: 'timing.url_url', label: 'URL', kind: 'text', group: 'Advanced rules' },
  {
    path: 'timing.url_action',
    label: 'URL action',
    kind: 'select',
    group: 'Advanced rules',
    options: [
      ['show', 'Show'],
      ['hide', 'Hide'],
      ['regex', 'Regular expression'],
    ],
  },
  rule('logged_in', 'Hide for logged-in users'),
  rule('devices', 'Show on devices'),
  { path: 'timing.devices_devices', label: 'Devices', kind: 'devices', group: 'Advanced rules' },
  rule('stores', 'Only for visitors of stores'),
  { path: 'timing.stores_ids', label: 'Store ids (comma separated)', kind: 'text', group: 'Advanced rules' },
  rule('user_groups', 'Only for user groups'),
  { path: 'timing.user_groups_ids', label: 'User group ids (comma separated)', kind: 'text', group: 'Advanced rules' },
  rule('schedule', 'Schedule'),
  { path: 'timing.schedule_start_date', label: 'Start (date and time)', kind: 'text', group: 'Advanced rules' },
  { path: 'timing.schedule_end_date', label: 'End (date and time)', kind: 'text', group: 'Advanced rules' },
  { path: 'prevent_scroll', label: 'Prevent page scrolling', kind: 'flag', group: 'Popup' },
  { path: 'prevent_close_on_background_click', label: 'Prevent closing on overlay click', kind: 'flag', group: 'Popup' },
  { path: 'prevent_close_on_esc_key', label: 'Prevent closing on Esc', kind: 'flag', group: 'Popup' },
  { path: 'avoid_multiple_popups', label: 'Avoid multiple popups', kind: 'flag', group: 'Popup' },
  { path: 'a11y_navigation', label: 'Keyboard focus inside the popup', kind: 'flag', group: 'Popup' },
  { path: 'close_button_delay', label: 'Show close button after (seconds)', kind: 'number', group: 'Popup' },
  { path: 'close_automatically', label: 'Close automatically after (seconds)', kind: 'number', group: 'Popup' },
  { path: 'entrance_animation', label: 'Entrance animation', kind: 'select', options: ANIMATIONS, group: 'Popup' },
  {
    path: 'exit_animation',
    label: 'Exit animation',
    kind: 'select',
    group: 'Popup',
    options: [
      ['', 'None'],
      ['fadeOut', 'Fade out'],
    ],
  },
  { path: 'open_selector', label: 'Open on clicks of (CSS selector)', kind: 'text', group: 'Popup' },
  { path: 'classes', label: 'CSS classes', kind: 'text', group: 'Popup' },
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
