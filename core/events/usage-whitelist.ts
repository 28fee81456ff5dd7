// Usage events from the editor and admin screens (SPEC §2 areas, §7 events). Only the detail fields listed
// for an event are kept; values must be short strings, numbers or booleans. Unknown events are dropped.

export const USAGE_EVENTS = {
  website_template_page_view: ['page', 'tab'],
  templates_library_view: ['tab', 'folder'],
  kit_cloud_upgrade_clicked: ['source'],
  export_kit_customization: ['templates_count'],
  import_kit_customization: ['templates_count'],
  kit_import_status: ['status', 'error_message'],
  kit_import_upload_file: ['status', 'file_size'],
  cloud_kit_apply: ['kit_cloud_id', 'apply_url'],
  cloud_kit_delete: ['kit_cloud_id'],
  admin_action: ['action_type'],
  editor_action: ['action_type', 'widget_type'],
} as const satisfies Record<string, readonly string[]>;

export type UsageEventName = keyof typeof USAGE_EVENTS;
export type UsageDetails = Record<string, string | number | boolean>;

export const isUsageEvent = (name: unknown): name is UsageEventName => typeof name === 'string' && Object.prototype.hasOwnProperty.call(USAGE_EVENTS, name);

/** The whitelisted details of an event, or null when the event itself is not known. */
export function whitelistDetails(name: unknown, details: unknown): UsageDetails | null {
  if (!isUsageEvent(name)) return null;
  const out: UsageDetails = {};
  if (!details || typeof details !== 'object' || Array.isArray(details)) return out;
  const given = details as Record<string, unknown>;
  for (const key of USAGE_EVENTS[name] as readonly string[]) {
    const v = given[key];
    if (typeof v === 'string') out[key] = v.slice(0, 200);
    else if ((typeof v === 'number' && Number.isFinite(v)) || typeof v === 'boolean') out[key] = v;
  }
  return out;
}
