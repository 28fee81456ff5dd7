// The header cart's server markup: a link to the cart that works without JavaScript, the count, a disclosure
// button with its mini-cart panel, and a polite live region. core/shop/header-cart/header-cart.ts fills it.
export function HeaderCart({ href = '/shop#!/cart' }: { href?: string }) {
  return (
    <span className="header-cart" data-header-cart="">
      <a className="header-cart__link" href={href}>
        Cart
      </a>
      <button
        type="button"
        className="header-cart__toggle"
        aria-expanded="false"
        aria-controls="header-cart-panel"
        aria-label="Cart contents"
      >
        <span className="header-cart__count" aria-hidden="true"></span>
        <span aria-hidden="true"> ▾</span>
      </button>
      <div id="header-cart-panel" className="header-cart__panel" hidden></div>
      <span className="header-cart__live visually-hidden" aria-live="polite"></span>
    </span>
  );
}
