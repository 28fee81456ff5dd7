import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState, type FormEvent, type ReactNode } from 'react';
import { messageFor, useTasks } from '../hooks/use-tasks';

const nameMessage = messageFor('name');
import { OrderCard } from './order-card';
import type { AccountRoute } from './hash-route';
import { ErrorMessage, Loading } from './status';
import type { ShopUser } from './types';
import { useLoad } from './use-load';

import { ACCOUNT_PAGES } from '../../core/shop/account-routes';
import { FieldError, invalidProps } from './field-error';

/** The account pages with their sub-navigation (default: my account). */
export function AccountLayout({ route, children }: { route: AccountRoute; children: ReactNode }) {
  return (
    <div className="account-layout">
      <nav className="account-nav" aria-label="Account">
        <ul>
          {ACCOUNT_PAGES.map(([r, label]) => (
            <li key={r}>
              <a href={`#!/${r}`} aria-current={r === route ? 'page' : undefined}>
                {label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="account-body">{children}</div>
    </div>
  );
}

export function AccountHome({ user }: { user: ShopUser }) {
  return (
    <section aria-labelledby="account-title">
      <h2 id="account-title">My Account</h2>
      <p>
        Signed in as <strong>{user.name}</strong> ({user.email}).
      </p>
      <ul className="account-cards">
        <li>
          <a href="#!/orders">Your pickup orders</a>
        </li>
        <li>
          <a href="#!/?filter=is_favorite">Your favorites</a>
        </li>
        <li>
          <a href="#!/lists">Your shopping lists</a>
        </li>
        <li>
          <a href="#!/coupons">Digital coupons</a>
        </li>
        <li>
          <a href="#!/profile">Edit your profile</a>
        </li>
      </ul>
    </section>
  );
}

export function Profile({ user, onUser }: { user: ShopUser; onUser: (u: ShopUser) => void }) {
  const [name, setName] = useState(user.name);
  const [saved, setSaved] = useState(false);
  const tasks = useTasks(nameMessage);
  const { error } = tasks;
  const busy = tasks.busy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    await tasks.run('task', async () => {
      const r = await api(shop.updateAccount, { body: { name } });
      onUser(r.user);
      setSaved(true);
    });
  }
  return (
    <section aria-labelledby="profile-title">
      <h2 id="profile-title">Profile</h2>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor="profile-name">Name</label>
          <input
            id="profile-name"
            value={name}
            autoComplete="name"
            onChange={(e) => setName(e.target.value)}
            {...invalidProps('profile-name-error', error)}
          />
          <FieldError id="profile-name-error" error={error} />
        </div>
        <p>Email: {user.email}</p>
        <button type="submit" disabled={busy}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        {saved ? <p role="status">Your profile is saved.</p> : null}
      </form>
    </section>
  );
}

/** The order just placed, with what changed since the cart (a coupon that ended in between). */
export interface PlacedOrder {
  id: number;
  notices: string[];
}

export function Orders({ justPlaced }: { justPlaced: PlacedOrder | null }) {
  const orders = useLoad('orders', () => api(shop.orders));
  return (
    <section aria-labelledby="orders-title">
      <h2 id="orders-title">Orders</h2>
      {justPlaced ? (
        <div role="status" className="notice">
          <p>Thank you! Order #{justPlaced.id} is placed.</p>
          {justPlaced.notices.map((n) => (
            <p key={n}>{n}</p>
          ))}
        </div>
      ) : null}
      {orders.loading ? <Loading label="Loading orders…" /> : null}
      <ErrorMessage message={orders.error} onRetry={orders.reload} />
      {orders.data && orders.data.items.length === 0 ? <p className="shop-empty">You have no orders yet.</p> : null}
      <ul className="order-list">
        {orders.data?.items.map((o) => (
          <OrderCard
            key={o.id}
            order={o}
            onChanged={(changed) => orders.set({ items: (orders.data?.items ?? []).map((x) => (x.id === changed.id ? changed : x)) })}
          />
        ))}
      </ul>
    </section>
  );
}

export function SignOut({ onSignedOut }: { onSignedOut: () => void }) {
  // Signing out takes a click: a link from another site to #!/sign-out must not sign the visitor out on load.
  const [done, setDone] = useState(false);
  const tasks = useTasks();
  const signOut = () =>
    void tasks.run('task', async () => {
      await api(shop.signOut);
      setDone(true);
      onSignedOut();
    });
  return (
    <section aria-labelledby="sign-out-title">
      <h2 id="sign-out-title">Sign Out</h2>
      {tasks.busy() ? (
        <Loading label="Signing out…" />
      ) : done ? (
        <p role="status">You are signed out.</p>
      ) : tasks.error ? (
        <ErrorMessage message={tasks.error} />
      ) : (
        <button type="button" className="button" onClick={signOut}>
          Sign out
        </button>
      )}
    </section>
  );
}
