import type { ElementNode } from '../wire/document';
import { endpoint } from './endpoint';
import type * as S from './schemas/global-widgets';

// Global widgets (docs/editor.md, "Global widgets and custom CSS"): list them with the widget each shows, save an
// element as one, see which documents use one, delete one no document uses. Their content is edited and
// published in the editor like any document (`/editor/{id}`, the documents endpoints).

const GLOBAL_WIDGETS = '/wp-json/site/v1/global-widgets';

export const globalWidgets = endpoint<typeof S.globalWidgetList>()('GET', GLOBAL_WIDGETS);
export const createGlobalWidget = endpoint<typeof S.globalWidget, { body: { title: string; element: ElementNode } }>()(
  'POST',
  GLOBAL_WIDGETS,
);
export const globalWidgetUsage = endpoint<typeof S.globalWidgetUsage>()('GET', `${GLOBAL_WIDGETS}/:id/usage`);
export const deleteGlobalWidget = endpoint<typeof S.globalWidgetDeleted>()('DELETE', `${GLOBAL_WIDGETS}/:id`);
