import type { Connectable } from '../handlers/base';

// The mobile search area opens and closes with its toggle button.
export class MobileSearch implements Connectable {
  constructor(
    private readonly toggle: HTMLButtonElement,
    private readonly form: HTMLElement,
  ) {}

  private readonly onClick = (): void => {
    const open = !this.form.classList.contains('is-open');
    this.form.classList.toggle('is-open', open);
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open) this.form.querySelector<HTMLInputElement>('input')?.focus();
  };

  connect(): void {
    this.toggle.addEventListener('click', this.onClick);
  }

  disconnect(): void {
    this.toggle.removeEventListener('click', this.onClick);
  }
}
