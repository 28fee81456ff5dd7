import { Handler } from '../base';
import { STUCK_HEADER_PROPERTY, stuckHeaderHeight } from '../../header/sticky-header';
import { isStickyOn, isStuck, STICKY_ACTIVE_CLASS, STICKY_RESIZE_DEBOUNCE_MS, stickyOffset, type StickySettings } from './rules';

/** The layer a stuck element sits on (as Elementor's sticky): the preview explainer stays above it. */
export const STICKY_Z_INDEX = 99;

/** Sticky elements: position sticky with the offset, sticky/unsticky events on the bus, reactivation on resize. */
export default class StickyHandler extends Handler<StickySettings> {
  private active = false;
  private stuck = false;
  private naturalTop = 0;

  override connect(): void {
    this.activate();
    this.listen(window, 'scroll', () => this.check(), { passive: true });
    this.listen(
      window,
      'resize',
      this.debounced(() => this.reactivate(), STICKY_RESIZE_DEBOUNCE_MS),
    );
  }

  private activate(): void {
    if (!isStickyOn(this.settings, this.deviceMode())) return;
    const offset = stickyOffset(this.settings, this.deviceMode(), this.config.responsive.breakpoints);
    this.naturalTop = this.element.getBoundingClientRect().top + window.scrollY;
    const s = this.element.style;
    s.position = 'sticky';
    if (this.settings.sticky === 'bottom') s.bottom = `${offset}px`;
    // Below the site's stuck header (its height, 0px while it is in the flow), never under it.
    else s.top = `calc(var(${STUCK_HEADER_PROPERTY}, 0px) + ${offset}px)`;
    s.zIndex = String(STICKY_Z_INDEX);
    this.element.classList.add('elementor-sticky');
    this.active = true;
    this.check();
  }

  private deactivate(): void {
    if (this.stuck) this.setStuck(false);
    const s = this.element.style;
    s.position = s.top = s.bottom = s.zIndex = '';
    this.element.classList.remove('elementor-sticky');
    this.active = false;
  }

  reactivate(): void {
    this.deactivate();
    this.activate();
  }

  private check(): void {
    if (!this.active || this.settings.sticky !== 'top') return;
    const offset = stickyOffset(this.settings, this.deviceMode(), this.config.responsive.breakpoints) + stuckHeaderHeight();
    const rectTop = this.element.getBoundingClientRect().top;
    // While not stuck the element sits in the flow: keep its place current as images above it load.
    if (!this.stuck) this.naturalTop = rectTop + window.scrollY;
    this.setStuck(isStuck({ rectTop, naturalTop: this.naturalTop, scrollY: window.scrollY, offset }));
  }

  private setStuck(stuck: boolean): void {
    if (stuck === this.stuck) return;
    this.stuck = stuck;
    this.element.classList.toggle(STICKY_ACTIVE_CLASS, stuck);
    this.bus.emit('sticky:change', { element: this.element, sticky: stuck });
  }

  override onDeviceModeChange(): void {
    this.reactivate();
  }

  override disconnect(): void {
    this.deactivate();
    super.disconnect();
  }
}
