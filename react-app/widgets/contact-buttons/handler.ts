import { Handler } from '../../../core/handlers/base';

/** Contact buttons: a floating button opens the contact card; Esc or the close button closes it. */
export default class ContactButtonsHandler extends Handler {
  override connect(): void {
    const toggle = this.element.querySelector<HTMLButtonElement>('.e-contact-buttons__chat-button');
    const card = this.element.querySelector<HTMLElement>('.e-contact-buttons__content');
    const close = this.element.querySelector<HTMLButtonElement>('.e-contact-buttons__close-button');
    if (!toggle || !card) return;
    const set = (open: boolean, focus: boolean): void => {
      card.hidden = !open;
      toggle.setAttribute('aria-expanded', String(open));
      if (open && focus) card.querySelector<HTMLElement>('a, button')?.focus();
      if (!open && focus) toggle.focus();
    };
    // `hidden` may also be 'until-found', which is hidden too.
    this.listen(toggle, 'click', () => set(card.hidden !== false, true));
    if (close) this.listen(close, 'click', () => set(false, true));
    this.listen(this.element, 'keydown', (e) => {
      if ((e as KeyboardEvent).key === 'Escape' && !card.hidden) set(false, true);
    });
  }
}
