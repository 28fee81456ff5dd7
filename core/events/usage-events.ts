// Usage events: the events of docs/behaviour.md (and the editor's own actions) with only their whitelisted detail fields,
// one list for the browser (core/events/track.ts) and the server (which applies it again).

/** Event name → the detail fields it may carry. Anything else is dropped before sending (and by the server). */
export const USAGE_EVENT_WHITELIST = {
  website_templates_page_view: ['page_name', 'source', 'tab'],
  templates_library_view: ['tab', 'folder'],
  kit_cloud_upgrade_clicked: ['location', 'quota_usage'],
  export_kit_customization: ['kit_name', 'included_parts', 'plugins_count', 'templates_count'],
  import_kit_customization: ['kit_name', 'included_parts', 'plugins_count', 'templates_count'],
  kit_import_status: ['kit_import_status', 'kit_import_error'],
  cloud_kit_apply: ['kit_cloud_id', 'kit_apply_url'],
  cloud_kit_delete: ['kit_cloud_id'],
  admin_action: ['action_type', 'location'],
  kit_import_upload_file: ['kit_import_upload_file_status', 'kit_import_error', 'file_size'],
  editor_action: ['action_type', 'widget_type'],
} as const;

export type UsageEventName = keyof typeof USAGE_EVENT_WHITELIST;
export type UsageDetails = Record<string, string | number | boolean | string[]>;

const MAX_STRING = 500;

export function isUsageEventName(name: string): name is UsageEventName {
  return Object.prototype.hasOwnProperty.call(USAGE_EVENT_WHITELIST, name);
}

const cleanValue = (v: unknown): UsageDetails[string] | undefined => {
  if (typeof v === 'string') return v.slice(0, MAX_STRING);
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'boolean') return v;
  if (Array.isArray(v))
    return v
      .filter((x): x is string => typeof x === 'string')
      .slice(0, 50)
      .map((x) => x.slice(0, MAX_STRING));
  return undefined;
};

/** Only the whitelisted fields of the event, with scalar (or string list) values. */
export function pickDetails(name: UsageEventName, details: Record<string, unknown>): UsageDetails {
  const out: UsageDetails = {};
  for (const key of USAGE_EVENT_WHITELIST[name]) {
    const value = cleanValue(details[key]);
    if (value !== undefined) out[key] = value;
  }
  return out;
}

export interface UsageEventBody {
  event: UsageEventName;
  details: UsageDetails;
  page: string;
}

/** The body of `POST {rest}site/v1/usage-events`; an unknown name is a developer mistake and throws. */
export function usageEventBody(name: string, details: Record<string, unknown>, page: string): UsageEventBody {
  if (!isUsageEventName(name)) throw new Error('name invalid type');
  return { event: name, details: pickDetails(name, details), page };
}
