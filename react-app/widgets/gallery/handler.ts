import { Handler } from '../../../core/handlers/base';
import { captionFromTitle, masonryLayout } from '../../../core/handlers/captions/masonry';
import { galleryLayoutFor } from '../../../core/handlers/captions/gallery-columns';

/** Gallery: captions from image titles; masonry layout (3 columns, spacing 30 by default) re-laid on resize. */
export default class GalleryHandler extends Handler {
  override connect(): void {
    const grid = this.element.querySelector<HTMLElement>('.e-gallery');
    if (!grid) return;
    for (const img of grid.querySelectorAll<HTMLImageElement>('img[title]')) {
      const item = img.closest('.e-gallery-item');
      const text = captionFromTitle(img.getAttribute('title'));
      if (!item || !text || item.querySelector('.e-gallery-caption')) continue;
      const caption = document.createElement('span');
      caption.className = 'e-gallery-caption';
      caption.textContent = text;
      item.appendChild(caption);
    }
    if (grid.dataset.layout === 'masonry') {
      const layout = (): void => this.masonry(grid);
      layout();
      grid.querySelectorAll('img').forEach((img) => this.listen(img, 'load', layout));
      this.listen(window, 'resize', layout);
      this.relayoutOnResize(grid, layout);
    }
  }

  /**
   * An item whose size changes after the layout (a caption's font arriving, an image laid out anew once the window
   * took another width, the editor's canvas switching device) lays the grid out again at the next frame, so rows
   * never overlap nor leave gaps. A layout that changes nothing changes no size: it settles.
   */
  private relayoutOnResize(grid: HTMLElement, layout: () => void): void {
    if (typeof ResizeObserver !== 'function') return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      if (!frame) frame = requestAnimationFrame(() => ((frame = 0), layout()));
    });
    for (const item of grid.querySelectorAll('.e-gallery-item')) observer.observe(item);
    this.onCleanup(() => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    });
  }

  override onDeviceModeChange(): void {
    const grid = this.element.querySelector<HTMLElement>('.e-gallery[data-layout="masonry"]');
    if (grid) this.masonry(grid);
  }

  private masonry(grid: HTMLElement): void {
    const { columns, spacing } = galleryLayoutFor(this.settings, this.deviceMode(), this.config.responsive.breakpoints);
    const items = [...grid.querySelectorAll<HTMLElement>('.e-gallery-item')];
    const width = (grid.clientWidth - spacing * (columns - 1)) / columns;
    items.forEach((item) => (item.style.width = `${width}px`));
    const { placements, height } = masonryLayout(
      items.map((i) => i.offsetHeight),
      { columns, spacing },
    );
    grid.style.position = 'relative';
    grid.style.height = `${height}px`;
    items.forEach((item, i) => {
      item.style.position = 'absolute';
      item.style.left = `${placements[i].column * (width + spacing)}px`;
      item.style.top = `${placements[i].top}px`;
    });
  }
}
