import { Handler } from '../../../core/handlers/base';
import { loopFilter } from '../../../core/loop-filter/loop-filter';

/** The loop grid widget: registers its grid with the page's loop filter controller. */
export default class LoopGridHandler extends Handler {
  override connect(): void {
    const widgetId = this.element.dataset.id;
    if (!widgetId) return;
    const unregister = loopFilter(this.config, this.bus).registerGrid({
      widgetId,
      element: this.element,
      widgetModel: () => ({ ...this.settings }),
    });
    this.onCleanup(unregister);
  }
}
