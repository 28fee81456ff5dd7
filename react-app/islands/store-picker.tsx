import type { StorePickerProps } from '../../core/wire/islands';
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatMiles, sortByDistance, type LatLng } from '../../core/store-layer/distance';
import { useTasks } from '../hooks/use-tasks';
import { focusIfLost } from '../../core/a11y/focus';
import type { StoreSummary } from '../../core/wire/store';
import { announceStoreChange, setMyStore } from '../../core/store-layer/store-change';

export type { StoreSummary };

/** A two-letter query that is a state code means that state ("PA" should not match "Bridge Park"). */
function matches(store: StoreSummary, query: string, states: Set<string>): boolean {
  const q = query.trim().toLowerCase();
  if (!q) return true;
  if (states.has(q)) return store.state.toLowerCase() === q;
  return [store.name, store.city, store.state, store.postal_code].some((f) => f.toLowerCase().includes(q));
}

/** Lists stores, filters by city, state or postal code, and makes one the visitor's store. */
export type { StorePickerProps };

export default function StorePicker({ stores, currentStoreId }: StorePickerProps) {
  const [query, setQuery] = useState('');
  const [current, setCurrent] = useState<number | null>(currentStoreId);
  /** The store whose button was pressed, until focus is settled after saving. */
  const chosen = useRef<number | null>(null);
  const tasks = useTasks<number>();
  const { error } = tasks;
  const saving = tasks.busy();
  const [here, setHere] = useState<LatLng | null>(null);
  const [locating, setLocating] = useState<string | null>(null);
  const states = useMemo(() => new Set(stores.map((s) => s.state.toLowerCase())), [stores]);
  const shown = useMemo(
    () =>
      sortByDistance(
        stores.filter((s) => s.kind === 'shopping' && matches(s, query, states)),
        here,
      ),
    [stores, query, states, here],
  );

  /** Sort by distance from the visitor's position (asked only when they press the button). */
  function locate() {
    if (!('geolocation' in navigator)) {
      setLocating('Your browser cannot share a location. Search by city, state or ZIP code instead.');
      return;
    }
    setLocating('Finding your location…');
    navigator.geolocation.getCurrentPosition(
      (pos) => {
        setHere({ latitude: pos.coords.latitude, longitude: pos.coords.longitude });
        setLocating('Sorted by distance from you.');
      },
      () => setLocating('We could not get your location. Search by city, state or ZIP code instead.'),
      { timeout: 10000, maximumAge: 600000 },
    );
  }

  async function choose(id: number) {
    chosen.current = id;
    await tasks.run(id, async () => {
      const store = await setMyStore(id);
      setCurrent(id);
      announceStoreChange(store);
    });
  }

  // The pressed button was disabled, then became the "My Store" badge: focus goes to that card's badge
  // (or, after an error, back to its button) instead of the page body.
  useEffect(() => {
    if (saving || chosen.current === null) return;
    const card = document.querySelector<HTMLElement>(`.store-card[data-store-id="${chosen.current}"]`);
    chosen.current = null;
    focusIfLost(card?.querySelector<HTMLElement>('.badge--mine, button'));
  }, [saving]);

  return (
    <div className="store-picker">
      <div className="store-picker__tools">
        <label className="field">
          <span>Search by city, state or ZIP code</span>
          <input type="search" value={query} onChange={(e) => setQuery(e.target.value)} placeholder="e.g. Columbus, PA or 48104" />
        </label>
        <button type="button" className="button store-picker__locate" onClick={locate}>
          Sort by distance from me
        </button>
      </div>
      {locating ? (
        <p className="store-picker__locating" role="status">
          {locating}
        </p>
      ) : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      <p className="store-picker__count" aria-live="polite">
        {shown.length} {shown.length === 1 ? 'store' : 'stores'}
      </p>
      <ul className="store-list">
        {shown.map((s) => (
          <li key={s.id} className="store-card" data-store-id={s.id}>
            <h2 className="store-card__name">
              <a href={`/stores/${s.slug}`}>{s.name}</a>
            </h2>
            <p>
              {s.address_1}, {s.city}, {s.state} {s.postal_code}
            </p>
            {s.distance !== null ? <p className="store-card__distance">{formatMiles(s.distance)} away</p> : null}
            <p>
              <a href={`tel:${s.phone.replace(/[^\d+]/g, '')}`}>{s.phone}</a>
            </p>
            {current === s.id ? (
              <strong className="badge badge--mine">My Store</strong>
            ) : s.is_selectable ? (
              <button type="button" className="button" disabled={saving} onClick={() => choose(s.id)}>
                {tasks.busy(s.id) ? 'Saving…' : 'Make This My Store'}
              </button>
            ) : (
              <span className="badge">Opening soon</span>
            )}
          </li>
        ))}
      </ul>
      {shown.length === 0 ? <p>No stores match “{query}”. Try a city, a state like OH, or a ZIP code.</p> : null}
    </div>
  );
}
