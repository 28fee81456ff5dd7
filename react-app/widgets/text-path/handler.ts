import { Handler } from '../../../core/handlers/base';

/** Text path: places the text along the path by its alignment (start, center, end), measured in the browser. */
export default class TextPathHandler extends Handler {
  override connect(): void {
    const path = this.element.querySelector<SVGPathElement>('svg path');
    const textPath = this.element.querySelector<SVGTextPathElement>('textPath');
    if (!path || !textPath || typeof path.getTotalLength !== 'function') return;
    const align = this.element.querySelector<HTMLElement>('.e-text-path')?.dataset.align ?? 'start';
    const place = (): void => {
      if (align === 'start') return textPath.setAttribute('startOffset', String(Number(this.settings.start_point ?? 0) || 0) + '%');
      const length = path.getTotalLength();
      const text = textPath.getComputedTextLength?.() ?? 0;
      const offset = align === 'center' ? (length - text) / 2 : length - text;
      textPath.setAttribute('startOffset', `${Math.max(0, offset)}`);
    };
    place();
    this.listen(window, 'resize', place);
  }
}
