import { api } from '../api/client';
import { usageEvent } from '../api/content';
import { usageEventBody, type UsageDetails, type UsageEventName } from './usage-events';

/** Records a usage event from the editor or an admin screen; failures never disturb the screen. */
export function track(event: UsageEventName, details: UsageDetails = {}): void {
  const body = usageEventBody(event, details, location.pathname);
  void api(usageEvent, { body }).catch(() => undefined);
}
