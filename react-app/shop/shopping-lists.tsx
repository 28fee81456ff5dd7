import { api, urlOf } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState, type FormEvent } from 'react';
import { dispatchCartChange } from '../../core/shop/header-cart/events';
import { listNameError, MAX_LIST_NAME, type ListToCartResult, type ShoppingList } from '../../core/shop/shopping-list';
import { money } from './client';
import { messageFor, useTasks } from '../hooks/use-tasks';
import { ErrorMessage, Loading } from './status';
import { useAction } from './use-action';
import { useLoad } from './use-load';
import { FieldError, invalidProps } from './field-error';

// The account's shopping lists: create, rename, delete, take products off, and add a whole list to the cart at
// the shop's store (what it does not sell or has run out of is named, not silently dropped).

const nameMessage = messageFor('name');

/** The sentence after "add all to cart". */
export function listToCartNotice(r: Pick<ListToCartResult, 'added' | 'unavailable'>): string {
  const parts = [`Added ${r.added} ${r.added === 1 ? 'product' : 'products'} to your cart.`];
  const notSold = r.unavailable.filter((u) => u.reason === 'not_sold').map((u) => u.name);
  const out = r.unavailable.filter((u) => u.reason === 'out_of_stock').map((u) => u.name);
  if (notSold.length) parts.push(`Not sold at this store: ${notSold.join(', ')}.`);
  if (out.length) parts.push(`Out of stock: ${out.join(', ')}.`);
  return parts.join(' ');
}

/** A list name field with its error next to it, for creating and renaming. */
function NameForm({
  id,
  label,
  initial,
  submitLabel,
  onSave,
}: {
  id: string;
  label: string;
  initial: string;
  submitLabel: string;
  onSave: (name: string) => Promise<void>;
}) {
  const [name, setName] = useState(initial);
  const tasks = useTasks(nameMessage);
  const { error, setError } = tasks;
  const busy = tasks.busy();
  async function submit(e: FormEvent) {
    e.preventDefault();
    const local = listNameError(name);
    if (local) return setError(local);
    await tasks.run('task', async () => {
      await onSave(name.trim());
      setName(initial);
    });
  }
  const errorId = `${id}-error`;
  return (
    <form className="list-name-form" onSubmit={(e) => void submit(e)} noValidate>
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <input id={id} value={name} maxLength={MAX_LIST_NAME} onChange={(e) => setName(e.target.value)} {...invalidProps(errorId, error)} />
        <FieldError id={errorId} error={error} />
      </div>
      <button type="submit" className="button" aria-disabled={busy}>
        {submitLabel}
      </button>
    </form>
  );
}

function ListCard({ list, apiQuery, onChanged }: { list: ShoppingList; apiQuery: string; onChanged: () => void }) {
  const url = urlOf(shop.list, { id: list.id }, apiQuery);
  const detail = useLoad(`${url}#${list.count}`, () => api(shop.list, { params: { id: list.id }, query: apiQuery }));
  const { busy, error, notice, setNotice, run } = useAction();
  const [renaming, setRenaming] = useState(false);
  const titleId = `list-${list.id}-title`;

  const addAll = () =>
    run(async () => {
      const r = await api(shop.listToCart, { params: { id: list.id }, query: apiQuery });
      dispatchCartChange(r.cart);
      setNotice(listToCartNotice(r));
    });
  const remove = (productId: number) =>
    run(async () => {
      await api(shop.removeListItem, { params: { id: list.id, product_id: productId } });
      onChanged();
    });
  const destroy = () =>
    run(async () => {
      await api(shop.deleteList, { params: { id: list.id } });
      onChanged();
    });

  return (
    <li className="shopping-list" data-list-id={list.id}>
      <h3 id={titleId}>
        {list.name} <small>({list.count === 1 ? '1 product' : `${list.count} products`})</small>
      </h3>
      {detail.loading && !detail.data ? <Loading label="Loading the list…" /> : null}
      <ErrorMessage message={detail.error} onRetry={detail.reload} />
      {detail.data && detail.data.items.length === 0 ? <p>No products yet: add them from a product page.</p> : null}
      <ul className="shopping-list__items">
        {detail.data?.items.map((i) => (
          <li key={i.product_id}>
            <span>
              {i.quantity} × {i.name} ·{' '}
              {i.available && i.price_cents !== null ? money(i.price_cents) : <em>not available at this store</em>}
            </span>
            <button type="button" className="link-button" aria-disabled={busy} onClick={() => void remove(i.product_id)}>
              Remove
              <span className="visually-hidden">
                {' '}
                {i.name} from {list.name}
              </span>
            </button>
          </li>
        ))}
      </ul>
      <ErrorMessage message={error} />
      <p role="status" className="shopping-list__notice">
        {notice}
      </p>
      <div className="shopping-list__actions">
        <button
          type="button"
          className="button"
          aria-disabled={busy || list.count === 0}
          aria-describedby={titleId}
          onClick={() => void (list.count && addAll())}
        >
          Add all to cart
        </button>
        <button
          type="button"
          className="button button--secondary"
          aria-expanded={renaming}
          aria-describedby={titleId}
          onClick={() => setRenaming(!renaming)}
        >
          Rename
        </button>
        <button type="button" className="link-button" aria-disabled={busy} aria-describedby={titleId} onClick={() => void destroy()}>
          Delete list
        </button>
      </div>
      {renaming ? (
        <NameForm
          id={`list-${list.id}-name`}
          label={`New name for ${list.name}`}
          initial={list.name}
          submitLabel="Save name"
          onSave={async (name) => {
            await api(shop.renameList, { params: { id: list.id }, body: { name } });
            setRenaming(false);
            onChanged();
          }}
        />
      ) : null}
    </li>
  );
}

export function ShoppingLists({ apiQuery }: { apiQuery: string }) {
  const lists = useLoad('lists', () => api(shop.lists));
  return (
    <section aria-labelledby="lists-title">
      <h2 id="lists-title">Shopping Lists</h2>
      <NameForm
        id="new-list-name"
        label="New list"
        initial=""
        submitLabel="Create list"
        onSave={async (name) => {
          await api(shop.createList, { body: { name } });
          lists.reload();
        }}
      />
      {lists.loading && !lists.data ? <Loading label="Loading your lists…" /> : null}
      <ErrorMessage message={lists.error} onRetry={lists.reload} />
      {lists.data && lists.data.items.length === 0 ? <p className="shop-empty">You have no shopping lists yet.</p> : null}
      <ul className="shopping-lists">
        {lists.data?.items.map((l) => (
          <ListCard key={l.id} list={l} apiQuery={apiQuery} onChanged={lists.reload} />
        ))}
      </ul>
    </section>
  );
}
