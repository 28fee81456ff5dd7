import { Handler } from '../../../core/handlers/base';
import { Modal, MODAL_FOCUS_DELAY_MS, focusables } from '../../../core/a11y/modal';

// Off-canvas widget: a side panel that link actions open, close and toggle over the bus
// (offcanvas:open / offcanvas:close / offcanvas:toggle). Esc and the overlay close it; focus moves in after
// 100 ms, stays inside, and returns (core/a11y/modal).

export default class OffCanvasHandler extends Handler {
  private modal: Modal | null = null;

  private get panel(): HTMLElement | null {
    return this.element.querySelector<HTMLElement>('.e-off-canvas');
  }

  private get id(): string {
    return this.element.dataset.id ?? '';
  }

  override connect(): void {
    const panel = this.panel;
    if (!panel) return;
    const content = panel.querySelector<HTMLElement>('.e-off-canvas__content');
    this.modal = new Modal({
      root: panel,
      focusDelayMs: MODAL_FOCUS_DELAY_MS,
      // The content's first control, else the close button.
      initialFocus: () => (content ? focusables(content)[0] : null),
    });
    this.onCleanup(() => this.modal?.close({ restoreFocus: false }));
    const open = ({ id }: { id: string }): void => {
      if (id === this.id) this.set(true);
    };
    const toggle = ({ id }: { id: string }): void => {
      if (id === this.id) this.set(panel.getAttribute('aria-hidden') !== 'false');
    };
    const close = ({ id }: { id?: string }): void => {
      if (!id || id === this.id) this.set(false);
    };
    this.bus.on('offcanvas:open', open);
    this.bus.on('offcanvas:toggle', toggle);
    this.bus.on('offcanvas:close', close);
    this.onCleanup(() => {
      this.bus.off('offcanvas:open', open);
      this.bus.off('offcanvas:toggle', toggle);
      this.bus.off('offcanvas:close', close);
    });
    this.listen(panel, 'click', (e) => {
      const t = e.target as Element;
      if (t.closest('.e-off-canvas__overlay') || t.closest('.e-off-canvas__close')) this.set(false);
    });
    this.listen(document, 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape' && panel.getAttribute('aria-hidden') === 'false') this.set(false);
    });
  }

  set(open: boolean): void {
    const panel = this.panel;
    if (!panel) return;
    if (open === (panel.getAttribute('aria-hidden') === 'false')) return;
    panel.setAttribute('aria-hidden', String(!open));
    panel.classList.toggle('e-off-canvas--open', open);
    panel.inert = !open;
    document.querySelectorAll(`[aria-controls="off-canvas-${this.id}"]`).forEach((c) => c.setAttribute('aria-expanded', String(open)));
    if (open) this.modal?.open();
    else this.modal?.close();
  }
}
