import { Handler } from '../../../core/handlers/base';
import { nextIndex } from '../../../core/handlers/keyboard';

// Tabs and nested tabs (WAI-ARIA tabs pattern, automatic activation): one tab in the tab order, arrows
// move and select, Home/End jump, each tab controls its tabpanel.

export default class TabsHandler extends Handler {
  private tabs(): HTMLElement[] {
    const list = this.element.querySelector<HTMLElement>('[role="tablist"]');
    return list ? [...list.querySelectorAll<HTMLElement>('[role="tab"]')] : [];
  }

  override connect(): void {
    const list = this.element.querySelector<HTMLElement>('[role="tablist"]');
    if (!list) return;
    const orientation = list.getAttribute('aria-orientation') === 'vertical' ? 'vertical' : 'horizontal';
    this.listen(list, 'click', (event) => {
      const tab = (event.target as Element).closest<HTMLElement>('[role="tab"]');
      if (tab) this.select(tab);
    });
    this.listen(list, 'keydown', (event) => {
      const e = event as KeyboardEvent;
      const tabs = this.tabs();
      const next = nextIndex(e.key, tabs.indexOf(e.target as HTMLElement), tabs.length, orientation);
      if (next === null) return;
      e.preventDefault();
      this.select(tabs[next]);
      tabs[next].focus();
    });
  }

  select(tab: HTMLElement): void {
    for (const t of this.tabs()) {
      const selected = t === tab;
      t.setAttribute('aria-selected', String(selected));
      t.tabIndex = selected ? 0 : -1;
      t.classList.toggle('e-active', selected);
      const panel = document.getElementById(t.getAttribute('aria-controls') ?? '');
      if (panel) panel.hidden = !selected;
    }
  }
}
