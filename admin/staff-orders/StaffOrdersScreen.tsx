import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState } from 'react';
import { useTasks } from '../../react-app/hooks/use-tasks';
import { nextState, ORDER_STATE_LABELS, type OrderState } from '../../core/shop/order-state';
import { money } from '../../core/shop/money';
import { windowLabel } from '../../core/shop/pickup';
import { tenderText, type StaffOrder, type StaffStore } from '../../core/shop/staff-orders';
import { ID_CHECK_TEXT } from '../../core/shop/checkout';
import { SUBSTITUTION_LABELS } from '../../core/shop/substitution';
import { useAdminData } from '../use-admin-data';

// The staff screen: a store's pickup orders of one day by window, each with its lines and substitution
// choices, and one button that moves it one step (placed → picking → ready → picked up). A refused move
// (another picker moved it first) shows the server's message next to the order, and the day reloads.

export interface StaffScreenData {
  stores: StaffStore[];
  store_id: number;
  date: string;
}

const ACTION: Partial<Record<OrderState, string>> = {
  picking: 'Start picking',
  ready: 'Mark ready',
  picked_up: 'Mark picked up',
};

function StaffOrderCard({ order, onMove }: { order: StaffOrder; onMove: (order: StaffOrder, to: OrderState) => Promise<void> }) {
  const tasks = useTasks();
  const { error } = tasks;
  const busy = tasks.busy();
  const to = nextState(order.status);
  const move = async () => {
    if (to) await tasks.run('task', () => onMove(order, to));
  };
  const headingId = `staff-order-${order.id}`;
  return (
    <li className="staff-order" data-order-id={order.id}>
      <h4 id={headingId}>
        Order #{order.id} · {order.customer}
      </h4>
      <p>
        <span className={`staff-order__status staff-order__status--${order.status}`}>{ORDER_STATE_LABELS[order.status]}</span> ·{' '}
        {order.items} {order.items === 1 ? 'item' : 'items'} · {money(order.total_cents)}
      </p>
      <p className="staff-order__tender">Pays at pickup: {tenderText(order.tender, money)}</p>
      {order.id_check ? <p className="staff-order__id-check">{ID_CHECK_TEXT}</p> : null}
      <ul className="staff-order__lines">
        {order.lines.map((l) => (
          <li key={l.product_id}>
            {l.quantity} × {l.name}{' '}
            <small>
              (If out: {l.substitution === 'this_product' && l.substitute_name ? l.substitute_name : SUBSTITUTION_LABELS[l.substitution]})
            </small>
          </li>
        ))}
      </ul>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {to && ACTION[to] ? (
        <button type="button" className="button" aria-disabled={busy} aria-describedby={headingId} onClick={() => void move()}>
          {ACTION[to]}
        </button>
      ) : null}
    </li>
  );
}

export function StaffOrdersScreen({ data }: { data: StaffScreenData }) {
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const store = data.stores.find((s) => s.id === data.store_id);

  const [day, reload] = useAdminData(shop.staffOrders, setError, { query: { store_id: data.store_id, date: data.date } });
  /** The day as it is now (the message of a failed load goes when the next load starts). */
  const load = () => {
    setError(null);
    return reload();
  };

  /** Moves an order one step; a refusal is thrown for its card to show, after the day is loaded again. */
  const move = async (order: StaffOrder, to: OrderState): Promise<void> => {
    try {
      await api(shop.moveStaffOrder, { params: { id: order.id }, body: { status: to } });
      setNotice(`Order #${order.id} is ${ORDER_STATE_LABELS[to].toLowerCase()}.`);
      await load();
    } catch (e) {
      setNotice('');
      // The order may have moved meanwhile: show the day as it is now, with the reason beside the order.
      await load();
      throw e;
    }
  };

  const count = day?.slots.reduce((n, s) => n + s.orders.length, 0) ?? 0;
  return (
    <div className="staff-orders">
      <form method="get" action="/staff/orders" className="staff-orders__choice">
        <p>
          <label htmlFor="staff-store">Store</label>
          <select id="staff-store" name="store_id" defaultValue={data.store_id}>
            {data.stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </p>
        <p>
          <label htmlFor="staff-date">Pickup day</label>
          <input id="staff-date" name="date" type="date" defaultValue={data.date} required />
        </p>
        <button type="submit" className="button">
          Show orders
        </button>
      </form>
      <p role="status" className="staff-orders__notice">
        {notice}
      </p>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {day ? (
        <>
          <h2 className="staff-orders__summary">
            {store?.name ?? 'Store'}, {day.date}: {count} {count === 1 ? 'order' : 'orders'}
          </h2>
          {count === 0 ? <p>No pickup orders for this day.</p> : null}
          {day.slots.map((slot) => (
            <section key={slot.start ?? 'none'} className="staff-slot">
              <h3 className="staff-slot__title">{slot.start && slot.end ? windowLabel(slot.start, slot.end) : 'No window'}</h3>
              <ul className="staff-slot__orders">
                {slot.orders.map((o) => (
                  <StaffOrderCard key={o.id} order={o} onMove={move} />
                ))}
              </ul>
            </section>
          ))}
        </>
      ) : error ? null : (
        <p>Loading the orders…</p>
      )}
    </div>
  );
}
