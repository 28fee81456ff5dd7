import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useState, type FormEvent } from 'react';
import { listNameError, MAX_LIST_NAME, type ShoppingList } from '../../core/shop/shopping-list';
import { errorMessage, ShopApiError } from './client';
import { messageFor, useTasks } from '../hooks/use-tasks';

// "Add to list" on a product page: choose one of the shopper's lists, or name a new one. Signed-out shoppers
// are told to sign in (the lists API answers 401).

const NEW = 'new';
const nameMessage = messageFor('name');

export function AddToList({ productId, productName }: { productId: number; productName: string }) {
  const [lists, setLists] = useState<ShoppingList[] | null>(null);
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<string>(NEW);
  const [name, setName] = useState('');
  const [notice, setNotice] = useState('');
  const [signedOut, setSignedOut] = useState(false);
  const tasks = useTasks(nameMessage);
  const { error, setError } = tasks;
  const busy = tasks.busy();

  async function toggle() {
    setNotice('');
    if (open) return setOpen(false);
    setOpen(true);
    try {
      const r = await api(shop.lists);
      setLists(r.items);
      setChoice(r.items[0] ? String(r.items[0].id) : NEW);
    } catch (e) {
      if (e instanceof ShopApiError && e.status === 401) setSignedOut(true);
      else setError(errorMessage(e));
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    if (choice === NEW) {
      const local = listNameError(name);
      if (local) return setError(local);
    }
    await tasks.run('task', async () => {
      const list =
        choice === NEW ? await api(shop.createList, { body: { name: name.trim() } }) : lists!.find((l) => String(l.id) === choice)!;
      const r = await api(shop.addListItem, { params: { id: list.id }, body: { product_id: productId } });
      setNotice(r.added ? `Added ${productName} to ${list.name}.` : `${productName} is already on ${list.name}.`);
      setOpen(false);
      setName('');
    });
  }

  const formId = `add-to-list-${productId}`;
  return (
    <div className="add-to-list">
      <button
        type="button"
        className="button button--secondary"
        aria-expanded={open}
        aria-controls={open ? formId : undefined}
        onClick={() => void toggle()}
      >
        Add to list
      </button>
      <p role="status" className="add-to-list__notice">
        {notice}
      </p>
      {open && signedOut ? (
        <p id={formId}>
          <a href="#!/sign-in">Sign in</a> to keep shopping lists.
        </p>
      ) : null}
      {open && lists ? (
        <form id={formId} className="add-to-list__form" onSubmit={(e) => void submit(e)} noValidate>
          <div className="field">
            <label htmlFor={`${formId}-list`}>List</label>
            <select id={`${formId}-list`} value={choice} onChange={(e) => setChoice(e.target.value)}>
              {lists.map((l) => (
                <option key={l.id} value={l.id}>
                  {l.name}
                </option>
              ))}
              <option value={NEW}>New list…</option>
            </select>
          </div>
          {choice === NEW ? (
            <div className="field">
              <label htmlFor={`${formId}-name`}>Name of the new list</label>
              <input
                id={`${formId}-name`}
                value={name}
                maxLength={MAX_LIST_NAME}
                onChange={(e) => setName(e.target.value)}
                aria-invalid={!!error}
                aria-describedby={error ? `${formId}-error` : undefined}
              />
            </div>
          ) : null}
          {error ? (
            <p className="field-error" id={`${formId}-error`} role="alert">
              {error}
            </p>
          ) : null}
          <button type="submit" className="button" aria-disabled={busy}>
            Add {productName}
          </button>
        </form>
      ) : null}
      {open && !lists && error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
