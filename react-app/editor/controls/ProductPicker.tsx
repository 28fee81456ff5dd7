import { useEffect, useId, useRef, useState } from 'react';
import { api } from '../../../core/api/client';
import * as editorApi from '../../../core/api/editor';

// The product picker (docs/editor.md, "Product picker"): a control whose value is product ids ("12, 15") is chosen
// by name. The chosen products are listed by name, in order, each removable; "Add a product" is a combobox (the
// ARIA pattern: type, Down/Up through the matches, Enter adds, Escape closes) over GET …/editor/product-choices.

interface Choice {
  id: number;
  name: string;
  brand: string;
  size: string;
  active: boolean;
}

/** "12, 15 20" → [12, 15, 20] (as the server reads the setting: positive whole numbers, each once). */
export const idsOf = (value: unknown): number[] => [
  ...new Set(
    String(value ?? '')
      .split(/[\s,;]+/)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0),
  ),
];

const SEARCH_DELAY_MS = 250;

/** Products whose name or brand holds what is typed, asked once typing pauses; `onFound` says how many. */
function useProductSearch(query: string, onFound: (items: Choice[], q: string) => void, onError: (message: string) => void): Choice[] {
  const [matches, setMatches] = useState<Choice[]>([]);
  const latest = useRef({ onFound, onError });
  useEffect(() => {
    latest.current = { onFound, onError };
  });
  useEffect(() => {
    const q = query.trim();
    if (!q) return;
    let live = true;
    const timer = setTimeout(() => {
      api(editorApi.productChoices, { query: { q } }).then(
        (r) => {
          if (!live) return;
          setMatches(r.items);
          latest.current.onFound(r.items, q);
        },
        (e: Error) => live && latest.current.onError(e.message),
      );
    }, SEARCH_DELAY_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [query]);
  return matches;
}

const describe = (c: Choice) => [c.name, c.size].filter(Boolean).join(', ');

export function ProductPicker({
  inputId,
  value,
  max = 24,
  onChange,
}: {
  inputId: string;
  value: unknown;
  max?: number;
  onChange: (v: string) => void;
}) {
  const ids = idsOf(value);
  const [known, setKnown] = useState<Map<number, Choice>>(new Map());
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState('');
  const found = useProductSearch(
    query,
    (items, q) => {
      setActive(items.length ? 0 : -1);
      setOpen(true);
      setStatus(items.length ? `${items.length} products found. Down arrow to choose.` : `No product matches “${q}”.`);
    },
    setStatus,
  );
  // What was found for what is typed now (nothing once the field is emptied).
  const matches = query.trim() ? found : [];
  const listId = useId();
  const input = useRef<HTMLInputElement>(null);

  // Names of chosen products not seen yet (a saved document opened: only ids).
  const unknown = ids.filter((id) => !known.has(id)).join(',');
  useEffect(() => {
    if (!unknown) return;
    let live = true;
    api(editorApi.productChoices, { query: { ids: unknown } }).then(
      (r) => live && setKnown((k) => new Map([...k, ...r.items.map((c) => [c.id, c] as const)])),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [unknown]);

  const choose = (c: Choice) => {
    setKnown((k) => new Map(k).set(c.id, c));
    if (!ids.includes(c.id)) onChange([...ids, c.id].join(', '));
    setStatus(ids.includes(c.id) ? `${c.name} is already chosen.` : `Added ${c.name}.`);
    setQuery('');
    setOpen(false);
    input.current?.focus();
  };
  const remove = (id: number) => {
    onChange(ids.filter((x) => x !== id).join(', '));
    setStatus(`Removed ${known.get(id)?.name ?? `product ${id}`}.`);
    input.current?.focus();
  };

  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!matches.length) return;
      e.preventDefault();
      setOpen(true);
      setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % matches.length : (i - 1 + matches.length) % matches.length));
    } else if (e.key === 'Enter' && open && matches[active]) {
      e.preventDefault();
      choose(matches[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const full = ids.length >= max;
  const optionId = (i: number) => `${listId}-option-${i}`;
  return (
    <div className="editor-product-picker">
      {ids.length ? (
        <ol className="editor-product-picker__chosen" aria-label="Chosen products">
          {ids.map((id) => {
            const c = known.get(id);
            const name = c ? describe(c) : `Product ${id}`;
            return (
              <li key={id}>
                <span>{name}</span>
                {c && !c.active ? <em> (not sold now: hidden)</em> : null}
                <button type="button" aria-label={`Remove ${c?.name ?? `product ${id}`}`} onClick={() => remove(id)}>
                  Remove
                </button>
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="editor-help">No products chosen yet.</p>
      )}
      <input
        ref={input}
        id={inputId}
        type="text"
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open && matches.length > 0}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? optionId(active) : undefined}
        placeholder={full ? `At most ${max} products` : 'Add a product: type its name'}
        disabled={full}
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label="Matching products"
        className="editor-product-picker__matches"
        hidden={!open || !matches.length}
      >
        {matches.map((c, i) => (
          <li
            key={c.id}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            // mousedown, not click: the input keeps focus (its blur would close the list first).
            onMouseDown={(e) => {
              e.preventDefault();
              choose(c);
            }}
          >
            {describe(c)}
            {c.brand ? <span className="editor-product-picker__brand"> · {c.brand}</span> : null}
          </li>
        ))}
      </ul>
      <p className="visually-hidden" role="status">
        {status}
      </p>
    </div>
  );
}
