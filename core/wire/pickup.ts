// A store's pickup window and the shopper's hold on one, as the API answers them (GET stores/:id/pickup-slots,
// GET|PUT|DELETE pickup-hold; docs/api.md) and the server, the shop and the header read them.

export interface PickupSlot {
  id: number;
  store_id: number;
  /** The store-local day (YYYY-MM-DD). */
  date: string;
  start: string;
  end: string;
  label: string;
  capacity: number;
  remaining: number;
  held_by_me: boolean;
  /** The store's zone: the window's day and times, and a hold's expiry, are on its clock. */
  time_zone: string;
}

/** The held window and when the hold ends (ms since the epoch). */
export interface PickupHold {
  slot: PickupSlot;
  expires_at: number;
}
