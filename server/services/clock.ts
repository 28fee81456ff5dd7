// The server's clock for schedules (content block windows). Production reads the system clock; the
// end-to-end server alone (HL_TEST_CLOCK=1, set by scripts/e2e-server.mjs) may move it ahead, so a test can
// watch a scheduled change happen without waiting for it (server/routes/test-clock.ts).

let offsetMs = 0;

export const serverNow = (): number => Date.now() + offsetMs;

export const testClockEnabled = (): boolean => process.env.HL_TEST_CLOCK === '1';

/** Moves the clock `ms` ahead of the system's (0: back to it). Only with the test clock on. */
export function setClockOffset(ms: number): void {
  if (!testClockEnabled()) throw new Error('The test clock is off.');
  offsetMs = ms;
}
