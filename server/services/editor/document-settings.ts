import { z } from 'zod';

// Page and popup settings as the editor saves them, checked field by field so the panel can show each
// message next to its field. Popup settings cover every popup, timing and trigger setting (docs/editor.md); display
// conditions say which pages carry the popup.

const flag = z.enum(['yes', '', 'no'], { error: 'must be on or off' }).optional();
// Never negative: a string must be digits, a number at least 0 (a delay of -5 s is refused on its field).
const seconds = (label: string) =>
  z
    .union(
      [z.number().min(0, `${label} must be 0 seconds or more`), z.string().regex(/^\d*(\.\d+)?$/, `${label} must be a number of seconds`)],
      {
        error: `${label} must be a number of seconds`,
      },
    )
    .optional();
const count = (label: string, min = 0, max = 100000) =>
  z.coerce
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .optional();
const slider = z
  .union([z.number(), z.string(), z.object({ size: z.union([z.number(), z.string()]).optional(), unit: z.string().optional() })])
  .optional();
const animation = z
  .string()
  .regex(/^[A-Za-z]{0,40}$/, 'must be an animation name')
  .optional();
const devices = z.array(z.enum(['desktop', 'tablet', 'mobile'], { error: 'must list desktop, tablet or mobile' })).optional();
const dateTime = z
  .string()
  .refine((v) => v === '' || !Number.isNaN(Date.parse(v)), 'must be a date and time')
  .optional();

// A list of ids, or the editor's text field "3, 7" (stored as the list).
const targetIds = z
  .preprocess(
    (v) =>
      typeof v === 'string'
        ? v
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean)
        : v,
    z
      .array(z.coerce.number().int('must be whole ids').positive('must be ids'), { error: 'must be a list of ids' })
      .max(200, 'at most 200 ids'),
  )
  .optional();

export const timingSchema = z
  .object({
    page_views: flag,
    page_views_views: count('Page views', 1),
    sessions: flag,
    sessions_sessions: count('Sessions', 1),
    url: flag,
    url_url: z.string().max(500).optional(),
    url_action: z.enum(['show', 'hide', 'regex'], { error: 'must be show, hide or regex' }).optional(),
    sources: flag,
    sources_sources: z.array(z.enum(['internal', 'external', 'search'], { error: 'must be internal, external or search' })).optional(),
    logged_in: flag,
    logged_in_users: z.enum(['all', 'custom'], { error: 'must be all or custom' }).optional(),
    logged_in_roles: z.array(z.string().regex(/^[a-z_]{1,40}$/, 'must be role names')).optional(),
    devices: flag,
    devices_devices: devices,
    browsers: flag,
    browsers_browsers: z.enum(['all', 'custom'], { error: 'must be all or custom' }).optional(),
    browsers_options: z.array(z.string().regex(/^[a-z_]{1,40}$/, 'must be browser names')).optional(),
    times: flag,
    times_count: z.enum(['on_open', 'on_close', ''], { error: 'must be on open or on close' }).optional(),
    times_period: z.enum(['', 'day', 'week', 'month', 'session'], { error: 'must be day, week, month, session or lifetime' }).optional(),
    times_times: count('Times', 1, 1000),
    schedule: flag,
    schedule_timezone: z.enum(['site', 'visitor'], { error: 'must be site or visitor' }).optional(),
    schedule_start_date: dateTime,
    schedule_end_date: dateTime,
    schedule_server_datetime: dateTime,
    stores: flag,
    stores_ids: targetIds,
    user_groups: flag,
    user_groups_ids: targetIds,
  })
  .strict()
  .refine((t) => !t.schedule_start_date || !t.schedule_end_date || Date.parse(t.schedule_start_date) <= Date.parse(t.schedule_end_date), {
    message: 'The schedule must end after it starts.',
    path: ['schedule_end_date'],
  });

export const triggersSchema = z
  .object({
    page_load: flag,
    page_load_delay: seconds('Delay'),
    scrolling: flag,
    scrolling_direction: z.enum(['down', 'up'], { error: 'must be down or up' }).optional(),
    scrolling_offset: count('Offset', 0, 100),
    scrolling_to: flag,
    scrolling_to_selector: z.string().max(200).optional(),
    click: flag,
    click_times: count('Clicks', 1, 100),
    inactivity: flag,
    inactivity_time: seconds('Inactivity time'),
    exit_intent: flag,
    adblock_detection: flag,
    adblock_detection_delay: seconds('Delay'),
  })
  .strict();

export const popupSettingsSchema = z
  .object({
    open_selector: z.string().max(200).optional(),
    timing: timingSchema.optional(),
    triggers: triggersSchema.optional(),
    close_button_delay: seconds('Close button delay'),
    close_automatically: seconds('Close automatically after'),
    prevent_scroll: flag,
    prevent_close_on_background_click: flag,
    prevent_close_on_esc_key: flag,
    a11y_navigation: flag,
    entrance_animation: animation,
    exit_animation: animation,
    entrance_animation_duration: slider,
    close_button_position: z.enum(['', 'inside', 'outside'], { error: 'must be inside or outside' }).optional(),
    classes: z
      .string()
      .regex(/^[\w\s-]{0,200}$/, 'must be class names')
      .optional(),
    avoid_multiple_popups: flag,
  })
  .strict();

export const pageSettingsSchema = z
  .object({
    hide_title: flag,
    store_requirement: z
      .enum(['', 'catering', 'wine', 'disallow_special'], { error: 'must be none, catering, wine or disallow' })
      .optional(),
    template: z.enum(['default', 'canvas', 'full-width'], { error: 'must be default, canvas or full width' }).optional(),
  })
  .passthrough();

export const conditionsSchema = z
  .array(
    z.object({
      type: z.enum(['include', 'exclude'], { error: 'must be include or exclude' }),
      pages: z.union([z.literal('all'), z.array(z.string().regex(/^[a-z0-9-]{1,80}$/, 'must be page slugs')).max(200)]),
    }),
  )
  .max(50);
