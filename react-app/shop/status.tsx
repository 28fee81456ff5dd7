// Loading and error states every fetch shows.

export function Loading({ label = 'Loading…' }: { label?: string }) {
  return (
    <p className="shop-loading" role="status">
      <span className="shop-spinner" aria-hidden="true" />
      {label}
    </p>
  );
}

export function ErrorMessage({ message, onRetry }: { message: string | null; onRetry?: () => void }) {
  if (!message) return null;
  return (
    <div className="form-error shop-error" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <button type="button" className="button button--secondary" onClick={onRetry}>
          Try again
        </button>
      ) : null}
    </div>
  );
}

/** The result of adding to the cart from a content page, announced politely, with a way to the cart. */
export function CartNotice({ message }: { message: { text: string; error: boolean } | null }) {
  return (
    <div role="status" aria-live="polite" className="shop-notice">
      {message ? (
        <p className={message.error ? 'form-error' : 'notice'}>
          {message.text} {message.error ? null : <a href="/shop#!/cart">View cart</a>}
        </p>
      ) : null}
    </div>
  );
}
