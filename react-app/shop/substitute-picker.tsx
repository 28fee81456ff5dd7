import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useId, useRef, useState, type FormEvent } from 'react';
import { SUBSTITUTION_LABELS, SUBSTITUTIONS, type Substitution } from '../../core/shop/substitution';
import { errorMessage, money } from './client';
import { SuggestInput } from './suggest-input';
import type { CartLine, ProductPage } from './types';

export interface SubstituteChoice {
  substitution: Substitution;
  substitute_id?: number;
}

/**
 * What the picker does if a cart line's product is out: no substitute, best match, or one product the shopper
 * finds in the store's catalogue. "This product" opens a search of the store's products; the choice is saved
 * only once a product is picked, and Cancel puts the saved choice back.
 */
export function SubstitutePicker({
  line,
  apiQuery,
  busy,
  onSave,
}: {
  line: CartLine;
  /** store_id and catalog of this page: the chooser searches what this store sells. */
  apiQuery: string;
  busy: boolean;
  onSave: (choice: SubstituteChoice) => Promise<boolean>;
}) {
  const [choosing, setChoosing] = useState(false);
  const [q, setQ] = useState('');
  const [results, setResults] = useState<ProductPage['items'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const select = useRef<HTMLSelectElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const ids = useId();

  const close = () => {
    setChoosing(false);
    setResults(null);
    setError(null);
    // The chooser goes away under the keyboard: the focus returns to the choice it came from.
    requestAnimationFrame(() => select.current?.focus());
  };

  async function find(e: FormEvent) {
    e.preventDefault();
    await searchFor(q);
  }

  async function searchFor(text: string) {
    const words = text.trim();
    if (!words) {
      setError('Type a product name to search.');
      return;
    }
    setError(null);
    try {
      const page = await api(shop.products, { query: `q=${encodeURIComponent(words)}&per_page=6&${apiQuery}` });
      setResults(page.items.filter((p) => p.id !== line.product_id && p.available));
    } catch (err) {
      setError(errorMessage(err));
    }
  }

  async function pick(id: number) {
    if (await onSave({ substitution: 'this_product', substitute_id: id })) close();
  }

  const value = choosing ? 'this_product' : line.substitution;
  return (
    <div className="substitute-picker">
      <label className="cart-line__sub">
        <span aria-hidden="true">If out: </span>
        <select
          ref={select}
          aria-label={`If ${line.name} is out`}
          value={value}
          aria-disabled={busy}
          onChange={(e) => {
            if (busy) return;
            const next = e.target.value as Substitution;
            if (next === 'this_product') {
              setChoosing(true);
              requestAnimationFrame(() => search.current?.focus());
            } else {
              setChoosing(false);
              void onSave({ substitution: next });
            }
          }}
        >
          {SUBSTITUTIONS.map((s) => (
            <option key={s} value={s}>
              {SUBSTITUTION_LABELS[s]}
            </option>
          ))}
        </select>
      </label>
      {line.substitution === 'this_product' && line.substitute_name && !choosing ? (
        <span className="substitute-picker__chosen">
          Substitute: {line.substitute_name}{' '}
          <button
            type="button"
            className="link-button"
            onClick={() => setChoosing(true)}
            aria-label={`Change the substitute for ${line.name}`}
          >
            Change
          </button>
        </span>
      ) : null}
      {choosing ? (
        <div className="substitute-picker__chooser" role="group" aria-label={`Choose a substitute for ${line.name}`}>
          <form role="search" aria-label={`Substitutes for ${line.name}`} onSubmit={find} className="substitute-picker__search" noValidate>
            <label htmlFor={`${ids}-q`}>Search for a substitute</label>
            <SuggestInput
              id={`${ids}-q`}
              inputRef={search}
              value={q}
              apiQuery={apiQuery}
              exclude={line.product_id}
              invalid={!!error}
              describedBy={error ? `${ids}-error` : undefined}
              onChange={setQ}
              onChoose={(name) => void searchFor(name)}
            />
            <button type="submit">Search</button>
            <button type="button" className="link-button" onClick={close}>
              Cancel
            </button>
          </form>
          {error ? (
            <p id={`${ids}-error`} className="field-error" role="alert">
              {error}
            </p>
          ) : null}
          <div role="status">{results && results.length === 0 ? <p>No products of this store match. Try another word.</p> : null}</div>
          {results && results.length ? (
            <ul className="substitute-picker__results">
              {results.map((p) => (
                <li key={p.id}>
                  <button type="button" className="button button--secondary" aria-disabled={busy} onClick={() => busy || void pick(p.id)}>
                    {p.name} <small>{p.size}</small> {money(p.price_cents)}
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
