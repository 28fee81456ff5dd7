import { Handler } from '../base';
import { STRETCH_RESET, stretchStyle } from './rules';

/** stretch_element = yes: full viewport width; re-stretched on resize and on sticky/unsticky, reset when off. */
export default class StretchHandler extends Handler {
  override connect(): void {
    this.element.classList.add('elementor-section-stretched');
    this.stretch();
    this.listen(window, 'resize', () => this.stretch());
    const onSticky = (): void => this.stretch();
    this.bus.on('sticky:change', onSticky);
    this.onCleanup(() => this.bus.off('sticky:change', onSticky));
  }

  stretch(): void {
    this.apply(STRETCH_RESET);
    const rect = this.element.getBoundingClientRect();
    const isRtl = this.config.is_rtl || document.documentElement.dir === 'rtl';
    this.apply(
      stretchStyle({
        elementLeft: rect.left,
        elementRight: rect.right,
        containerLeft: 0,
        containerWidth: document.documentElement.clientWidth,
        isRtl,
      }),
    );
  }

  private apply(style: { width: string; left?: string; right?: string }): void {
    const s = this.element.style;
    s.width = style.width;
    s.left = style.left ?? '';
    s.right = style.right ?? '';
    s.position = style.width ? 'relative' : '';
    s.maxWidth = style.width ? 'none' : '';
  }

  override disconnect(): void {
    this.apply(STRETCH_RESET);
    this.element.classList.remove('elementor-section-stretched');
    super.disconnect();
  }
}
