// A dropdown (docs/behaviour.md): open or closed, with a selected item, and a loading indicator shown while its
// counter is above zero.

export class Dropdown {
  private loadingCount = 0;
  selected: string | null = null;

  constructor(
    readonly toggle: HTMLElement,
    readonly panel: HTMLElement,
  ) {
    toggle.setAttribute('aria-expanded', 'false');
    panel.hidden = true;
  }

  get isOpen(): boolean {
    return !this.panel.hidden;
  }

  open(): void {
    this.panel.hidden = false;
    this.toggle.setAttribute('aria-expanded', 'true');
  }

  close(): void {
    this.panel.hidden = true;
    this.toggle.setAttribute('aria-expanded', 'false');
  }

  toggleOpen(): void {
    if (this.isOpen) this.close();
    else this.open();
  }

  select(value: string): void {
    this.selected = value;
    this.panel
      .querySelectorAll<HTMLElement>('[data-value]')
      .forEach((el) => el.setAttribute('aria-current', String(el.dataset.value === value)));
  }

  get loading(): boolean {
    return this.loadingCount > 0;
  }

  startLoading(): void {
    this.loadingCount++;
    this.render();
  }

  stopLoading(): void {
    this.loadingCount = Math.max(0, this.loadingCount - 1);
    this.render();
  }

  /** Runs a job with the loading indicator on; overlapping jobs keep it on until the last ends. */
  async track<T>(job: Promise<T>): Promise<T> {
    this.startLoading();
    try {
      return await job;
    } finally {
      this.stopLoading();
    }
  }

  private render(): void {
    this.toggle.classList.toggle('is-loading', this.loading);
    this.panel.setAttribute('aria-busy', String(this.loading));
  }
}
