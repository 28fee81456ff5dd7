import { api } from '../../core/api/client';
import * as shop from '../../core/api/shop';
import { useId, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import { moveActive } from '../../core/shop/suggest-keys';

export interface SuggestInputProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** A suggestion was chosen (Enter on it, or a click): its product name. */
  onChoose: (name: string) => void;
  /** store_id and catalog of this page: suggestions come from its catalogue. */
  apiQuery: string;
  inputRef?: Ref<HTMLInputElement>;
  invalid?: boolean;
  describedBy?: string;
  /** A product never suggested (the substitute picker's own line: an item is no substitute for itself). */
  exclude?: number;
}

/**
 * A search field with product suggestions as the shopper types (GET search/suggest), as the WAI-ARIA combobox
 * pattern has it: the focus stays in the field, ↓/↑ move through the list (aria-activedescendant), Enter
 * chooses the active suggestion (without one, the list closes and the form is submitted), Escape and Tab close
 * the list.
 */
export function SuggestInput({ id, value, onChange, onChoose, apiQuery, inputRef, invalid, describedBy, exclude }: SuggestInputProps) {
  const [items, setItems] = useState<Array<{ id: number; name: string }>>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const asked = useRef(0);
  const listId = `${useId()}-suggestions`;

  async function suggest(text: string) {
    const ticket = ++asked.current;
    const words = text.trim();
    if (!words) return close();
    try {
      const { items: answer } = await api(shop.suggest, { query: `q=${encodeURIComponent(words)}&${apiQuery}` });
      const found = answer.filter((item) => item.id !== exclude);
      if (ticket !== asked.current) return; // a later keystroke's answer wins
      setItems(found);
      setActive(-1);
      setOpen(found.length > 0);
    } catch {
      if (ticket === asked.current) close(); // suggestions are a help: the search itself still works
    }
  }

  /** Closes the list; an answer still on its way is dropped (Escape must not be undone by a late answer). */
  function close() {
    asked.current++;
    setOpen(false);
    setActive(-1);
  }

  function choose(name: string) {
    close();
    onChange(name);
    onChoose(name);
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!items.length) return;
      e.preventDefault();
      setOpen(true);
      setActive((i) => moveActive(i, e.key === 'ArrowDown' ? 1 : -1, items.length));
    } else if (e.key === 'Enter' && open && active >= 0) {
      e.preventDefault();
      choose(items[active].name);
    } else if (e.key === 'Enter') {
      // The form searches what was typed: the list closes so it does not cover the results.
      close();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close();
    }
  }

  return (
    <span className="suggest-input">
      <input
        id={id}
        ref={inputRef}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        value={value}
        maxLength={100}
        onChange={(e) => {
          onChange(e.target.value);
          void suggest(e.target.value);
        }}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <ul id={listId} role="listbox" aria-label="Suggestions" className="suggest-input__list" hidden={!open}>
        {items.map((item, i) => (
          <li
            key={item.id}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            // mousedown, not click: the field keeps the focus (no blur closing the list first).
            onMouseDown={(e) => {
              e.preventDefault();
              choose(item.name);
            }}
          >
            {item.name}
          </li>
        ))}
      </ul>
    </span>
  );
}
