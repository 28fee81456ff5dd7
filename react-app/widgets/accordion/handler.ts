import { Handler } from '../../../core/handlers/base';
import { nextIndex } from '../../../core/handlers/keyboard';

// Accordion, toggle and nested accordion (WAI-ARIA accordion pattern): header buttons with aria-expanded
// control their region; Up/Down/Home/End move between headers. The accordion keeps one item open, the
// toggle any number (data-multiple="true").

export default class AccordionHandler extends Handler {
  private buttons(): HTMLButtonElement[] {
    return [...this.element.querySelectorAll<HTMLButtonElement>('.e-accordion-title')].filter(
      (b) => b.closest('.elementor-element') === this.element,
    );
  }

  override connect(): void {
    const root = this.element.querySelector<HTMLElement>('.e-accordion');
    const multiple = root?.dataset.multiple === 'true';
    this.listen(this.element, 'click', (event) => {
      const button = (event.target as Element).closest<HTMLButtonElement>('.e-accordion-title');
      if (!button || !this.buttons().includes(button)) return;
      this.toggle(button, multiple);
    });
    this.listen(this.element, 'keydown', (event) => {
      const e = event as KeyboardEvent;
      const buttons = this.buttons();
      const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
      if (current < 0) return;
      const next = nextIndex(e.key, current, buttons.length, 'vertical');
      if (next === null) return;
      e.preventDefault();
      buttons[next].focus();
    });
  }

  toggle(button: HTMLButtonElement, multiple: boolean): void {
    const open = button.getAttribute('aria-expanded') !== 'true';
    if (open && !multiple) for (const other of this.buttons()) if (other !== button) this.set(other, false);
    this.set(button, open);
  }

  private set(button: HTMLButtonElement, open: boolean): void {
    button.setAttribute('aria-expanded', String(open));
    const panel = document.getElementById(button.getAttribute('aria-controls') ?? '');
    if (panel) panel.hidden = !open;
    button.closest('.e-accordion-item')?.classList.toggle('e-active', open);
  }
}
