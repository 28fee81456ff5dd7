import { useEffect, useState } from 'react';
import { HOLD_MINUTES } from '../../core/shop/pickup';
import { holdExpiryLabel, holdWindowLabel, PICKUP_HOLD_EVENT, pickupHoldOf, type PickupHold } from '../../core/shop/pickup-hold';
import { listHash } from './hash-route';
import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { PickupPicker } from './pickup-picker';
import { ErrorMessage } from './status';
import { useLoad } from './use-load';

/**
 * The pickup window picker of the shop's store (#!/pickup, linked from the header), for every shopper, signed in
 * or not: choosing a window holds it (a hold made signed out moves to the account at sign-in), and the held window
 * with its expiry shows above the picker and in the header.
 */
export function PickupView({ storeId, storeName }: { storeId: number; storeName: string | null }) {
  const load = useLoad('pickup-hold', () => api(shop.pickupHold));
  const [hold, setHold] = useState<PickupHold | null | undefined>(undefined);
  const [slotId, setSlotId] = useState<number | null>(null);
  useEffect(() => {
    const follow = (e: Event) => setHold(pickupHoldOf(e));
    window.addEventListener(PICKUP_HOLD_EVENT, follow);
    return () => window.removeEventListener(PICKUP_HOLD_EVENT, follow);
  }, []);
  const shown = hold === undefined ? (load.data?.hold ?? null) : hold;
  const here = shown && shown.slot.store_id === storeId ? shown : null;
  return (
    <section className="pickup-view" aria-labelledby="pickup-view-title">
      <h2 id="pickup-view-title">Pickup time{storeName ? ` at ${storeName}` : ''}</h2>
      <ErrorMessage message={load.error} onRetry={load.reload} />
      <p className="pickup-view__hold" role="status">
        {here
          ? `Held for you: ${holdWindowLabel(here)}, ${holdExpiryLabel(here)}. Order before then to keep it.`
          : `Choose a window: we hold it for you for ${HOLD_MINUTES} minutes while you shop.`}
      </p>
      <PickupPicker storeId={storeId} value={slotId} onChange={setSlotId} />
      <p className="pickup-view__next">
        <a href={`#!/cart?store_id=${storeId}`}>Go to cart</a> · <a href={listHash({ storeId })}>Keep shopping</a>
      </p>
    </section>
  );
}
