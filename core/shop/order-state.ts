import { CHANGE_CUTOFF_MINUTES, minutesUntil } from './pickup';

// The life of a pickup order: placed → picking → ready → picked up; a shopper may cancel (or change) a placed
// order until the cut-off before its window. Staff move orders forward one step at a time.

export const ORDER_STATES = ['placed', 'picking', 'ready', 'picked_up', 'cancelled'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

const NEXT: Record<OrderState, OrderState | null> = {
  placed: 'picking',
  picking: 'ready',
  ready: 'picked_up',
  picked_up: null,
  cancelled: null,
};
export const ORDER_STATE_LABELS: Record<OrderState, string> = {
  placed: 'Placed',
  picking: 'Being picked',
  ready: 'Ready for pickup',
  picked_up: 'Picked up',
  cancelled: 'Cancelled',
};

export const nextState = (state: OrderState): OrderState | null => NEXT[state];

/** Why staff cannot move an order to `to` (null when they can). */
export function transitionError(from: OrderState, to: OrderState): string | null {
  if (NEXT[from] === to) return null;
  // Two pickers pressing the same button: the second one learns it is done.
  if (from === to) return `This order is already ${ORDER_STATE_LABELS[to].toLowerCase()}.`;
  return `An order that is ${ORDER_STATE_LABELS[from].toLowerCase()} cannot become ${ORDER_STATE_LABELS[to].toLowerCase()}.`;
}

/** Why the shopper can no longer change or cancel the order (null when they can). */
export function changeError(
  order: { status: OrderState; day: string; start_time: string | null },
  now: { day: string; minute: number },
): string | null {
  if (order.status !== 'placed') return `This order is ${ORDER_STATE_LABELS[order.status].toLowerCase()} and can no longer be changed.`;
  if (order.start_time && minutesUntil({ day: order.day, start_time: order.start_time }, now) < CHANGE_CUTOFF_MINUTES)
    return `Orders can be changed until ${CHANGE_CUTOFF_MINUTES / 60} hours before pickup.`;
  return null;
}

export const isOrderState = (value: unknown): value is OrderState =>
  typeof value === 'string' && (ORDER_STATES as readonly string[]).includes(value);
