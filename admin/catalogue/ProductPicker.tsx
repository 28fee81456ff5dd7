import { useState } from 'react';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import { money } from './parts';

/** Finds a product by name or UPC and hands its id to `onPick` (promotions, coupons, circular items, ingredients). */
export function ProductPicker({
  id,
  label,
  onPick,
  error,
}: {
  id: string;
  label: string;
  onPick: (p: { id: number; name: string; price_cents: number }) => void;
  error?: string;
}) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<Array<{ id: number; name: string; price_cents: number }> | null>(null);
  const [chosen, setChosen] = useState('');
  const find = async () => {
    const r = await api(catalogue.products, { query: { per_page: 20, q: text.trim() } });
    setFound(r.items);
    setChosen(r.items[0] ? String(r.items[0].id) : '');
  };
  return (
    <div className="catalogue-picker" role="group" aria-labelledby={`${id}-legend`}>
      <p id={`${id}-legend`} className="catalogue-picker__label">
        {label}
      </p>
      <AdminField id={`${id}-q`} label="Product name or UPC" error={error}>
        <input
          id={`${id}-q`}
          type="search"
          value={text}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              void find();
            }
          }}
          {...errorProps(`${id}-q`, error)}
        />
      </AdminField>
      <button type="button" onClick={() => void find()}>
        Find product
      </button>
      {found ? (
        found.length ? (
          <>
            <label htmlFor={`${id}-found`}>Matching products</label>
            <select id={`${id}-found`} value={chosen} onChange={(e) => setChosen(e.target.value)}>
              {found.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name} ({money(p.price_cents)})
                </option>
              ))}
            </select>
            <button
              type="button"
              onClick={() => {
                const p = found.find((x) => String(x.id) === chosen);
                if (p) onPick(p);
              }}
            >
              Use this product
            </button>
          </>
        ) : (
          <p>No product matches.</p>
        )
      ) : null}
    </div>
  );
}
