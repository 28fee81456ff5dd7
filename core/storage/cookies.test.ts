// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { cookies } from './cookies';

describe('cookies', () => {
  beforeEach(() => cookies.remove('snackbarClosed'));
  it('sets, reads and removes a whole-site cookie', () => {
    expect(cookies.get('snackbarClosed')).toBeUndefined();
    cookies.set('snackbarClosed', 'true', { days: 30 });
    expect(cookies.get('snackbarClosed')).toBe('true');
    expect(document.cookie).toContain('snackbarClosed=true');
    cookies.remove('snackbarClosed');
    expect(cookies.get('snackbarClosed')).toBeUndefined();
  });
});
