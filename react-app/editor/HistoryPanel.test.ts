import { describe, expect, it } from 'vitest';
import { whenLabel } from './HistoryPanel';

describe("the History panel's times", () => {
  it("are on the site's clock, like the Schedule panel's, whatever the browser's time zone", () => {
    const now = Date.parse('2026-11-27T15:00:00Z'); // 10:00 in Columbus
    const at = Date.parse('2026-11-27T03:30:00Z'); // 22:30 the evening before in Columbus, 03:30 today in UTC
    expect(whenLabel(at, now, 'America/New_York')).toMatch(/^Yesterday (10:30\sPM|22:30)$/);
    expect(whenLabel(at, now, 'UTC')).toMatch(/^Today (03:30\sAM|03:30)$/);
    expect(whenLabel(Date.parse('2026-11-20T12:00:00Z'), now, 'America/New_York')).toMatch(/^Nov 20, 2026 (07:00\sAM|07:00)$/);
  });
});
