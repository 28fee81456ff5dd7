// A visitor's refusal of tracking: the cookie banner's setting (cookie `tracking=refused`) or the browser's
// Global Privacy Control (navigator.globalPrivacyControl, sent to servers as `Sec-GPC: 1`). Then nothing is
// measured and no visitor id exists.

export const TRACKING_COOKIE = 'tracking';
export const TRACKING_REFUSED = 'refused';

export function trackingRefused(signals: { cookie?: string | null; gpc?: boolean | string | null }): boolean {
  return signals.cookie === TRACKING_REFUSED || signals.gpc === true || signals.gpc === '1';
}
