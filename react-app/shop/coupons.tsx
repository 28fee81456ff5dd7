import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import type { Answer } from '../../core/api/endpoint';
import { money } from './client';
import { ErrorMessage, Loading } from './status';
import { useAction } from './use-action';
import { useLoad } from './use-load';

// Digital coupons (docs/pricing.md, "Coupons"): the coupons running today; clipping one puts it on the account and
// the cart applies it to its eligible items. The server decides; this lists and clips.

type ShopCoupon = Answer<typeof shop.coupons>['items'][number];

const endsLabel = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

export const couponOff = (c: Pick<ShopCoupon, 'discount_kind' | 'discount_value'>): string =>
  c.discount_kind === 'percent' ? `${c.discount_value}% off` : `${money(c.discount_value)} off`;

export function Coupons() {
  const list = useLoad('coupons', () => api(shop.coupons));
  const { busy, error, notice, setNotice, run } = useAction();
  const toggle = (c: ShopCoupon) =>
    run(async () => {
      list.set(await api(c.clipped ? shop.unclipCoupon : shop.clipCoupon, { params: { id: c.id } }));
      setNotice(c.clipped ? `Removed “${c.title}”.` : `Clipped “${c.title}”: your cart takes it off eligible items.`);
    });
  return (
    <section aria-labelledby="coupons-title">
      <h2 id="coupons-title">Digital coupons</h2>
      <p>
        Clip a coupon and your cart takes it off the eligible items, after member prices: one coupon per item, up to the coupon’s limit per
        order.
      </p>
      {list.loading ? <Loading label="Loading coupons…" /> : null}
      <ErrorMessage message={list.error ?? error} onRetry={list.error ? list.reload : undefined} />
      <p role="status" className="notice">
        {notice}
      </p>
      {list.data && list.data.items.length === 0 ? <p className="shop-empty">No coupons are running today.</p> : null}
      <ul className="coupon-list">
        {list.data?.items.map((c) => (
          <li key={c.id} className="coupon-card" data-coupon-id={c.id}>
            <h3>{c.title}</h3>
            <p>
              {couponOff(c)} each, up to {c.limit_per_order} per order · ends {endsLabel(c.end_date)}
            </p>
            {c.clipped ? <p className="coupon-card__clipped">Clipped to your account</p> : null}
            <button
              type="button"
              className={c.clipped ? 'link-button' : 'button'}
              aria-disabled={busy}
              aria-label={`${c.clipped ? 'Unclip' : 'Clip'} coupon: ${c.title}`}
              onClick={() => void (busy || toggle(c))}
            >
              {c.clipped ? 'Unclip' : 'Clip coupon'}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
