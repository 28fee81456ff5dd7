import { afterEach, beforeEach, vi } from 'vitest';

// For jsdom tests of anything kept in the visitor's browser storage: each test starts with empty local and
// session storage and a frozen clock at `now`, so expirations are computed from a known instant.
export function useFreshStorageAt(now: string): void {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date(now));
    localStorage.clear();
    sessionStorage.clear();
  });
  afterEach(() => vi.useRealTimers());
}
