import { z } from 'zod';
import { int, itemsOf, str } from './common';
import { elementNode } from './editor';

// The answers of the global widget endpoints (core/api/global-widgets.ts, server/routes/editor/global-widgets.ts).

export const globalWidget = z.object({ id: int, title: str, element: elementNode, version: int, updated_at: z.number() });
export const globalWidgetList = itemsOf(globalWidget);
const use = z.object({ id: int, title: str, type: str });
export const globalWidgetUsage = z.object({ used_by: z.array(use) });
export const globalWidgetDeleted = z.object({ deleted: int });
