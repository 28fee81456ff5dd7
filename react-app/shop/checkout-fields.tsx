import { AGE_CONFIRM_TEXT, TENDER_LABELS, TENDERS, type Tender } from '../../core/shop/checkout';
import { money, type FieldErrors } from './client';
import { FieldError, invalidProps } from './field-error';
import type { Cart } from './types';

// Checkout's questions beyond the pickup window (docs/shop.md, "Checkout"): how the shopper pays at pickup, with
// the EBT SNAP-eligible subtotal net of coupons, and the 21-or-over confirmation when the cart holds wine, beer or
// spirits. The server checks both again (core/shop/checkout.ts); its field messages show next to the fields.

export interface CheckoutFieldsProps {
  cart: Cart;
  fields: FieldErrors;
  tender: Tender;
  onTender: (t: Tender) => void;
  ebtText: string;
  onEbtText: (text: string) => void;
  ageConfirmed: boolean;
  onAgeConfirmed: (yes: boolean) => void;
}

export function CheckoutFields({ cart, fields, tender, onTender, ebtText, onEbtText, ageConfirmed, onAgeConfirmed }: CheckoutFieldsProps) {
  return (
    <>
      <fieldset className="tender-picker">
        <legend>How you will pay at pickup</legend>
        <p className="tender-picker__ebt">
          EBT SNAP-eligible items: <strong>{money(cart.ebt_eligible_cents ?? 0)}</strong>
          {cart.estimate?.coupon_cents ? ' (after coupons)' : ''}
        </p>
        {TENDERS.map((t) => (
          <label key={t} className="tender-picker__choice">
            <input
              type="radio"
              name="tender"
              value={t}
              checked={tender === t}
              disabled={t !== 'card' && !cart.ebt_eligible_cents}
              onChange={() => onTender(t)}
            />{' '}
            {TENDER_LABELS[t]}
          </label>
        ))}
        {tender === 'split' ? (
          <p>
            <label htmlFor="ebt-amount">EBT SNAP amount (up to {money(cart.ebt_eligible_cents ?? 0)})</label>{' '}
            <input
              id="ebt-amount"
              inputMode="decimal"
              autoComplete="off"
              value={ebtText}
              onChange={(e) => onEbtText(e.target.value)}
              {...invalidProps('ebt-amount-error', fields.ebt_cents)}
            />
            <FieldError id="ebt-amount-error" error={fields.ebt_cents} />
          </p>
        ) : null}
        <FieldError id="tender-error" error={fields.tender} />
      </fieldset>
      {cart.age_restricted ? (
        <p className="age-confirm">
          <label>
            <input
              type="checkbox"
              checked={ageConfirmed}
              onChange={(e) => onAgeConfirmed(e.target.checked)}
              {...invalidProps('age-confirm-error', fields.age_confirmed)}
            />{' '}
            {AGE_CONFIRM_TEXT}
          </label>
          <FieldError id="age-confirm-error" error={fields.age_confirmed} />
        </p>
      ) : null}
    </>
  );
}
