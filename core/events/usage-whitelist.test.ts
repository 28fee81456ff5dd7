import { describe, expect, it } from 'vitest';
import { whitelistDetails } from './usage-whitelist';

describe('usage event whitelist', () => {
  it.each([
    ['kit_import_status', { status: 'failed', error_message: 'bad manifest', email: 'a@b.c', user_id: 4 }, { status: 'failed', error_message: 'bad manifest' }],
    ['cloud_kit_apply', { kit_cloud_id: 7, apply_url: '/x', token: 'secret' }, { kit_cloud_id: 7, apply_url: '/x' }],
    ['admin_action', { action_type: 'clear-log', html: '<b>' }, { action_type: 'clear-log' }],
    ['editor_action', { action_type: 'publish', widget_type: 'heading', tree: [1, 2] }, { action_type: 'publish', widget_type: 'heading' }],
    ['admin_action', { action_type: { nested: true } }, {}],
    ['admin_action', { action_type: Number.NaN }, {}],
    ['admin_action', 'not an object', {}],
    ['admin_action', ['action_type'], {}],
  ])('%s keeps only its whitelisted fields', (name, details, expected) => {
    expect(whitelistDetails(name, details)).toEqual(expected);
  });

  it('drops unknown events, including prototype keys', () => {
    expect(whitelistDetails('page_secret_dump', { a: 1 })).toBeNull();
    expect(whitelistDetails('__proto__', {})).toBeNull();
    expect(whitelistDetails('toString', {})).toBeNull();
    expect(whitelistDetails(42, {})).toBeNull();
  });

  it('shortens long strings', () => {
    expect((whitelistDetails('kit_import_status', { error_message: 'x'.repeat(500) })!.error_message as string).length).toBe(200);
  });
});
