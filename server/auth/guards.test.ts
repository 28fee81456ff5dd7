import { describe, expect, it } from 'vitest';
import type { User } from '../services/users';
import { can } from '../services/capabilities';
import { safeRedirect } from './guards';

const user = (roles: string[]): User => ({ id: 1, email: 'a@b.c', name: 'A', roles, segment_ids: [], store_id: null });

describe('role guards', () => {
  it.each([
    [null, false, false],
    [user([]), false, false],
    [user(['customer']), false, false],
    [user(['customer', 'loyalty_member']), false, false],
    [user(['editor']), true, false],
    [user(['administrator']), true, true],
    [user(['customer', 'editor']), true, false],
  ])('%j: edit_pages %s, manage_options %s', (u, edit, manage) => {
    expect(can(u, 'edit_pages')).toBe(edit);
    expect(can(u, 'manage_options')).toBe(manage);
  });

  it.each([
    ['/editor/130', '/editor/130'],
    ['/admin/debug-log?x=1', '/admin/debug-log?x=1'],
    ['//evil.example/x', '/'],
    ['/\\evil.example', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
    ['/a"onmouseover="x', '/'],
    [42, '/'],
    [undefined, '/'],
  ])('safeRedirect(%j) = %s', (target, expected) => expect(safeRedirect(target)).toBe(expected));
});
