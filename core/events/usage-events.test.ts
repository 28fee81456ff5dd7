import { describe, expect, it } from 'vitest';
import { isUsageEventName, pickDetails, USAGE_EVENT_WHITELIST, usageEventBody } from './usage-events';

describe('usage events', () => {
  it('keeps only the whitelisted detail fields of each event', () => {
    expect(
      pickDetails('kit_import_status', { kit_import_status: 'failed', kit_import_error: 'Zip is empty', user_email: 'x@y.z' }),
    ).toEqual({ kit_import_status: 'failed', kit_import_error: 'Zip is empty' });
    expect(pickDetails('cloud_kit_apply', { kit_cloud_id: 'k1', kit_apply_url: '/apply', secret: 1 })).toEqual({
      kit_cloud_id: 'k1',
      kit_apply_url: '/apply',
    });
    expect(pickDetails('cloud_kit_delete', { kit_cloud_id: 'k1', kit_apply_url: '/apply' })).toEqual({ kit_cloud_id: 'k1' });
    expect(pickDetails('admin_action', { action_type: 'clear-log', location: { nested: true } })).toEqual({ action_type: 'clear-log' });
  });

  it('covers the usage events the editor and admin screens send', () => {
    expect(Object.keys(USAGE_EVENT_WHITELIST).sort()).toEqual([
      'admin_action',
      'cloud_kit_apply',
      'cloud_kit_delete',
      'editor_action',
      'export_kit_customization',
      'import_kit_customization',
      'kit_cloud_upgrade_clicked',
      'kit_import_status',
      'kit_import_upload_file',
      'templates_library_view',
      'website_templates_page_view',
    ]);
  });

  it('drops non-scalar values, unknown events and prototype keys', () => {
    expect(pickDetails('editor_action', { action_type: 'publish', widget_type: 'heading', tree: [1, 2] })).toEqual({
      action_type: 'publish',
      widget_type: 'heading',
    });
    expect(pickDetails('admin_action', { action_type: Number.NaN })).toEqual({});
    expect(pickDetails('kit_import_status', { kit_import_error: 'x'.repeat(900) }).kit_import_error).toHaveLength(500);
    for (const name of ['__proto__', 'toString', 'constructor', 'page_secret_dump']) expect(isUsageEventName(name)).toBe(false);
  });

  it('builds the posted body with only whitelisted details, and refuses unknown names', () => {
    expect(usageEventBody('kit_cloud_upgrade_clicked', { location: 'top-bar', email: 'no' }, '/admin/templates')).toEqual({
      event: 'kit_cloud_upgrade_clicked',
      details: { location: 'top-bar' },
      page: '/admin/templates',
    });
    expect(() => usageEventBody('made_up', {}, '/')).toThrow('name invalid type');
  });
});
