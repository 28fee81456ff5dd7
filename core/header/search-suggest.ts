import { api } from '../api/client';
import { suggest } from '../api/shop';
import { Handler } from '../handlers/base';
import { catalogOfPath } from '../shop/catalog';
import { moveActive } from '../shop/suggest-keys';

// Product suggestions under the header's search box, as the WAI-ARIA 1.2 combobox pattern has it: the focus stays
// in the field, ↓/↑ move through the list (aria-activedescendant), Enter on a suggestion searches it, Enter
// without one searches what was typed (the list closes), Escape closes the list and leaves the text, leaving
// the field closes it. Suggestions come from GET search/suggest; a later keystroke's answer wins. Plain DOM:
// the header is on every page.

const SUGGEST_DELAY_MS = 120;

export default class SearchSuggest extends Handler {
  private input!: HTMLInputElement;
  private list!: HTMLUListElement;
  private items: string[] = [];
  private active = -1;
  private asked = 0;

  override connect(): void {
    const input = this.element as HTMLInputElement;
    this.input = input;
    const list = input.ownerDocument.createElement('ul');
    list.id = `${input.id}-suggestions`;
    list.className = 'suggest-input__list site-search__suggestions';
    list.setAttribute('role', 'listbox');
    list.setAttribute('aria-label', 'Suggestions');
    list.hidden = true;
    input.after(list);
    this.list = list;
    input.setAttribute('role', 'combobox');
    input.setAttribute('aria-autocomplete', 'list');
    input.setAttribute('aria-expanded', 'false');
    input.setAttribute('aria-controls', list.id);
    input.setAttribute('autocomplete', 'off');
    this.onCleanup(() => {
      list.remove();
      for (const a of ['role', 'aria-autocomplete', 'aria-expanded', 'aria-controls', 'aria-activedescendant']) input.removeAttribute(a);
    });
    const later = this.debounced(() => void this.suggest(), SUGGEST_DELAY_MS);
    this.listen(input, 'input', () => (input.value.trim() ? later() : this.close()));
    this.listen(input, 'keydown', (e) => this.onKey(e as KeyboardEvent));
    this.listen(input, 'blur', () => this.close());
    // mousedown, not click: the field keeps the focus (no blur closing the list first).
    this.listen(list, 'mousedown', (e) => {
      const option = (e.target as Element).closest<HTMLElement>('[role="option"]');
      if (!option) return;
      e.preventDefault();
      this.choose(Number(option.dataset.index));
    });
  }

  private async suggest(): Promise<void> {
    const ticket = ++this.asked;
    const words = this.input.value.trim().slice(0, 100);
    if (!words) return this.close();
    try {
      const { items } = await api(suggest, { query: { q: words, catalog: catalogOfPath(location.pathname) } });
      if (ticket !== this.asked) return; // a later keystroke's answer wins
      this.show(items.map((i) => i.name));
    } catch {
      if (ticket === this.asked) this.close(); // suggestions are a help: the search itself still works
    }
  }

  private show(names: string[]): void {
    this.items = names;
    this.active = -1;
    const doc = this.list.ownerDocument;
    this.list.replaceChildren(
      ...names.map((name, i) => {
        const li = doc.createElement('li');
        li.id = `${this.list.id}-${i}`;
        li.setAttribute('role', 'option');
        li.setAttribute('aria-selected', 'false');
        li.dataset.index = String(i);
        li.textContent = name;
        return li;
      }),
    );
    this.setOpen(names.length > 0);
  }

  private setOpen(open: boolean): void {
    this.list.hidden = !open;
    this.input.setAttribute('aria-expanded', String(open));
    if (!open) this.setActive(-1);
  }

  private setActive(index: number): void {
    this.active = index;
    this.list.querySelectorAll<HTMLElement>('[role="option"]').forEach((li, i) => {
      li.setAttribute('aria-selected', String(i === index));
      li.classList.toggle('is-active', i === index);
    });
    if (index >= 0) this.input.setAttribute('aria-activedescendant', `${this.list.id}-${index}`);
    else this.input.removeAttribute('aria-activedescendant');
  }

  /** Closes the list; an answer still on its way is dropped (Escape must not be undone by a late answer). */
  private close(): void {
    this.asked++;
    this.setOpen(false);
  }

  private choose(index: number): void {
    const name = this.items[index];
    if (name === undefined) return;
    this.input.value = name;
    this.close();
    this.input.form?.requestSubmit();
  }

  private onKey(e: KeyboardEvent): void {
    const open = !this.list.hidden;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      if (!this.items.length) return;
      e.preventDefault();
      this.setOpen(true);
      this.setActive(moveActive(this.active, e.key === 'ArrowDown' ? 1 : -1, this.items.length));
    } else if (e.key === 'Enter' && open && this.active >= 0) {
      e.preventDefault();
      this.choose(this.active);
    } else if (e.key === 'Enter') {
      this.close();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      this.close();
    }
  }
}
