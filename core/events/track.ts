import { http } from '../http';
import { USAGE_EVENTS_PATH, usageEventBody, type UsageDetails, type UsageEventName } from './usage-events';

/** Records a usage event from the editor or an admin screen; failures never disturb the screen. */
export function track(event: UsageEventName, details: UsageDetails = {}): void {
  const body = usageEventBody(event, details, location.pathname);
  void http(`/wp-json/${USAGE_EVENTS_PATH}`, { method: 'POST', body }).catch(() => undefined);
}
