import { api, urlOf } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState } from 'react';
import { PICKUP_DAYS_AHEAD } from '../../core/shop/pickup';
import { addDays, storeDay } from '../../core/shop/store-day';
import { pageSiteTimeZone } from '../../core/schedule/site-time';
import type { PickupSlot } from '../../core/wire/pickup';
import { errorMessage } from './client';
import { dispatchPickupHold } from '../../core/shop/pickup-hold';
import { ErrorMessage, Loading } from './status';
import { useLoad } from './use-load';

const dayLabel = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** A pickup day and window of the store; choosing a window holds it for the shopper (the server keeps the hold). */
export function PickupPicker({
  storeId,
  value,
  onChange,
}: {
  storeId: number;
  value: number | null;
  onChange: (slotId: number | null) => void;
}) {
  // The days offered are the store's (its zone comes with its windows); the site's zone until they arrive.
  const [zone, setZone] = useState<string | null>(null);
  const today = storeDay(new Date(), zone ?? pageSiteTimeZone());
  const [day, setDay] = useState(addDays(today, 1));
  const [error, setError] = useState<string | null>(null);
  const url = urlOf(shop.pickupSlots, { id: storeId }, { date: day });
  const load = useLoad(url, () =>
    api(shop.pickupSlots, { params: { id: storeId }, query: { date: day } }).then((answer) => {
      setZone(answer.time_zone);
      return answer;
    }),
  );
  const slots = load.loading ? null : (load.data?.items ?? null);
  const held = slots?.find((s) => s.held_by_me)?.id ?? null;
  const chosen = value ?? held;

  async function choose(slot: PickupSlot) {
    setError(null);
    // The choice shows at once (a radio that lags the click confuses keyboard and screen-reader users);
    // a refused hold puts the previous choice back with the reason.
    const previous = chosen;
    onChange(slot.id);
    try {
      const { hold } = await api(shop.holdPickupSlot, { body: { slot_id: slot.id } });
      // The header (and the shop's pickup view) show the held window and when the hold ends.
      dispatchPickupHold(hold);
    } catch (e) {
      onChange(previous);
      setError(errorMessage(e));
      load.reload();
    }
  }

  return (
    <fieldset className="pickup-picker">
      <legend>Pickup time</legend>
      <label htmlFor="pickup-day">Day</label>{' '}
      <select id="pickup-day" value={day} onChange={(e) => setDay(e.target.value)}>
        {Array.from({ length: PICKUP_DAYS_AHEAD + 1 }, (_, i) => addDays(today, i)).map((d) => (
          <option key={d} value={d}>
            {dayLabel(d)}
          </option>
        ))}
      </select>
      <ErrorMessage message={error ?? load.error} />
      {load.loading ? <Loading label="Loading pickup windows…" /> : null}
      {slots?.length === 0 ? <p>No pickup windows left that day. Choose another day.</p> : null}
      {slots?.length ? (
        <ul className="pickup-windows">
          {slots.map((s) => (
            <li key={s.id}>
              <label className={`pickup-window${s.remaining === 0 ? ' is-full' : ''}`}>
                <input
                  type="radio"
                  name="pickup-window"
                  value={s.id}
                  checked={chosen === s.id}
                  disabled={s.remaining === 0}
                  onChange={() => void choose(s)}
                />{' '}
                {s.label} <small>{s.remaining === 0 ? 'Full' : `${s.remaining} left`}</small>
              </label>
            </li>
          ))}
        </ul>
      ) : null}
    </fieldset>
  );
}
