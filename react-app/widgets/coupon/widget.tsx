import { couponDataKey, type CouponData } from '../../../core/wire/grocery-widgets';
import { str, type WidgetDefinition } from '../types';

const endsLabel = (day: string): string =>
  new Date(`${day}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' });

/**
 * A digital coupon (the chosen one while it runs, else the first running today) with a Clip button: clipping puts
 * it on the shopper's account and the cart takes it off eligible items (docs/pricing.md, "Coupons").
 */
export const coupon: WidgetDefinition = {
  type: 'coupon',
  title: 'Coupon',
  behaviour: { chunk: 'coupon' },
  frontendSettings: [],
  controls: [
    { key: 'coupon_id', label: 'Coupon id', type: 'number', min: 1, help: 'Empty: the first coupon running today.' },
    { key: 'button_text', label: 'Button text', type: 'text', default: 'Clip coupon' },
  ],
  defaults: { button_text: 'Clip coupon' },
  render: (s, ctx, node) => {
    const data = ctx.data[couponDataKey(node.id)] as CouponData | undefined;
    const c = data?.coupon;
    if (!data) return <p className="e-coupon__empty">A running digital coupon shows here.</p>;
    if (!c) return <p className="e-coupon__empty">No digital coupons are running today.</p>;
    const label = str(s.button_text) || 'Clip coupon';
    return (
      <article className="e-coupon" aria-labelledby={`e-coupon-${node.id}`} data-coupon-id={c.id}>
        <p className="e-coupon__off">{c.off}</p>
        <h3 className="e-coupon__title" id={`e-coupon-${node.id}`}>
          {c.title}
        </h3>
        {c.description ? <p className="e-coupon__description">{c.description}</p> : null}
        <p className="e-coupon__ends">Ends {endsLabel(c.ends)}</p>
        <button type="button" className="button e-coupon__clip" aria-label={`${label}, ${c.title}`}>
          {label}
        </button>
        <p className="e-coupon__status" role="status" />
      </article>
    );
  },
};
