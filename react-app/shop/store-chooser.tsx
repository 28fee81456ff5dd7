import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { formatMiles } from '../../core/store-layer/distance';
import { announceStoreChange, setMyStore } from '../../core/store-layer/store-change';
import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { changesCart, storeChangeSummary, type StoreChangeSummary } from '../../core/shop/store-change-summary';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import { holdWindowLabel, type PickupHold } from '../../core/shop/pickup-hold';
import type { Store, StoreSummary } from '../../core/wire/store';
import { useTasks } from '../hooks/use-tasks';
import { money } from './client';
import { ErrorMessage } from './status';
import type { Cart } from './types';
import { useLoad } from './use-load';

type NearStore = StoreSummary & { distance_miles?: number };

interface Pending {
  store: NearStore;
  summary: StoreChangeSummary;
  /** The held pickup window, when it is at another store: let go with the change. */
  hold: PickupHold | null;
}

/** What the change does, before the shopper confirms it: items taken out, prices that change, the window let go. */
function ChangeSummary({
  pending,
  currentName,
  busy,
  onConfirm,
  onCancel,
}: {
  pending: Pending;
  currentName: string | null;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  const { store, summary, hold } = pending;
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="store-change" aria-labelledby="store-change-title">
      <h2 id="store-change-title" ref={heading} tabIndex={-1}>
        Change your store to {store.name}?
      </h2>
      <p>
        Your cart moves with you{currentName ? ` from ${currentName}` : ''}.
        {summary.kept ? ` ${summary.kept} ${summary.kept === 1 ? 'item stays' : 'items stay'} as they are.` : ''}
      </p>
      {summary.priceChanges.length ? (
        <>
          <h3>Prices that change</h3>
          <ul className="store-change__list">
            {summary.priceChanges.map((c) => (
              <li key={c.product_id}>
                {c.name}: {money(c.from_cents)} → {money(c.to_cents)}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {summary.unavailable.length ? (
        <>
          <h3>Not available at {store.name}: taken out of your cart</h3>
          <ul className="store-change__list">
            {summary.unavailable.map((c) => (
              <li key={c.product_id}>{c.name}</li>
            ))}
          </ul>
        </>
      ) : null}
      {hold ? <p>Your pickup window ({holdWindowLabel(hold)}) is at your current store: it is let go.</p> : null}
      <div className="store-change__actions">
        <button type="button" className="button" aria-disabled={busy} onClick={() => busy || onConfirm()}>
          {busy ? 'Changing…' : `Change to ${store.name}`}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Keep {currentName ?? 'my store'}
        </button>
      </div>
    </section>
  );
}

/**
 * The shop's store chooser: the shopping stores, nearest first from a ZIP code or city the shopper types
 * (GET stores/near). Choosing one with a cart shows what changes (items the store does not sell, prices that
 * differ, a held window elsewhere) before it is confirmed; the cart is kept where the new store sells its lines.
 */
export function StoreChooser({
  currentStoreId,
  currentName,
  cart,
  onChosen,
}: {
  currentStoreId: number | null;
  currentName: string | null;
  cart: Cart;
  onChosen: (store: Store, cart: Cart | null) => void;
}) {
  const ids = useId();
  const all = useLoad<{ items: NearStore[] }>('stores', () => api(shop.stores));
  const [typed, setTyped] = useState('');
  const [near, setNear] = useState<{ label: string; items: NearStore[] } | null>(null);
  const [placeError, setPlaceError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const tasks = useTasks<string>();
  const listHeading = useRef<HTMLParagraphElement>(null);

  async function find(e: FormEvent) {
    e.preventDefault();
    setPlaceError(null);
    await tasks.run(
      'near',
      async () => {
        const r = await api(shop.storesNear, { query: { place: typed } });
        setNear({ label: r.place.label, items: r.items });
      },
      (message) => {
        setNear(null);
        setPlaceError(message);
      },
    );
  }

  async function choose(store: NearStore) {
    await tasks.run(`choose-${store.id}`, async () => {
      if (currentStoreId && currentStoreId !== store.id && cart.lines.length) {
        const [next, held] = await Promise.all([api(shop.cart, { query: { store_id: store.id } }), api(shop.pickupHold)]);
        const summary = storeChangeSummary(cart, next);
        const hold = held.hold && held.hold.slot.store_id !== store.id ? held.hold : null;
        if (changesCart(summary) || hold) {
          setPending({ store, summary, hold });
          return;
        }
      }
      await confirm({ store, summary: { kept: 0, priceChanges: [], unavailable: [] }, hold: null });
    });
  }

  async function confirm(p: Pending) {
    for (const line of p.summary.unavailable)
      await api(shop.removeCartLine, { params: { product_id: line.product_id }, query: { store_id: p.store.id } });
    // The hold at the old store (said in the summary) is let go by the store change itself (setMyStore).
    const store = await setMyStore(p.store.id);
    const next = cart.lines.length ? await api(shop.cart, { query: { store_id: store.id } }) : null;
    if (next) dispatchCartChange(next);
    announceStoreChange(store);
    setPending(null);
    onChosen(store, next);
  }

  const stores = near?.items ?? all.data?.items.filter((s) => s.kind === 'shopping') ?? [];
  useEffect(() => {
    if (near) listHeading.current?.focus();
  }, [near]);
  if (pending)
    return (
      <ChangeSummary
        pending={pending}
        currentName={currentName}
        busy={tasks.busy('confirm')}
        onConfirm={() => void tasks.run('confirm', () => confirm(pending))}
        onCancel={() => setPending(null)}
      />
    );
  return (
    <section className="store-chooser" aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`}>{currentStoreId ? 'Change your store' : 'Choose a store to shop'}</h2>
      <form className="store-chooser__find" onSubmit={find} noValidate>
        <label htmlFor={`${ids}-place`}>ZIP code or city</label>
        <input
          id={`${ids}-place`}
          type="text"
          inputMode="search"
          autoComplete="postal-code"
          value={typed}
          maxLength={80}
          aria-invalid={placeError ? true : undefined}
          aria-describedby={placeError ? `${ids}-place-error` : undefined}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="button" aria-disabled={tasks.busy('near')}>
          Find stores near me
        </button>
        {placeError ? (
          <p id={`${ids}-place-error`} className="field-error" role="alert">
            {placeError}
          </p>
        ) : null}
      </form>
      <ErrorMessage message={all.error ?? (tasks.error && !placeError ? tasks.error : null)} onRetry={all.error ? all.reload : undefined} />
      <p className="store-chooser__count" ref={listHeading} tabIndex={-1} aria-live="polite">
        {near ? `${near.items.length} stores, nearest to ${near.label} first` : all.data ? `${stores.length} stores` : 'Loading stores…'}
      </p>
      <ul className="store-chooser__list">
        {stores.map((s) => (
          <li key={s.id} className="store-chooser__store">
            <strong>{s.name}</strong>
            <span>
              {s.address_1}, {s.city}, {s.state} {s.postal_code}
            </span>
            {s.distance_miles !== undefined ? <span className="store-chooser__distance">{formatMiles(s.distance_miles)} away</span> : null}
            {s.id === currentStoreId ? (
              <span className="badge badge--mine">Your store</span>
            ) : s.is_selectable ? (
              <button type="button" className="button" aria-disabled={tasks.busy()} onClick={() => tasks.busy() || void choose(s)}>
                {tasks.busy(`choose-${s.id}`) ? 'Checking your cart…' : 'Shop here'}
                <span className="visually-hidden"> at {s.name}</span>
              </button>
            ) : (
              <span className="badge">Opening soon</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
