import { heading } from './heading';
import { image } from './image';
import { imageCarousel } from './image-carousel';
import { textEditor } from './text-editor';
import { island } from './island';
import { loopGrid } from './loop-grid';
import { taxonomyFilter } from './taxonomy-filter';
import { freshopContent } from './freshop-content';
import type { WidgetDefinition } from './types';

// Every widget the page builder knows, by widget type. SSR and the editor preview both read this.
export const widgets: Record<string, WidgetDefinition> = Object.fromEntries(
  [
    heading,
    textEditor,
    image,
    imageCarousel,
    island,
    loopGrid,
    taxonomyFilter,
    freshopContent,
  ].map((w) => [w.type, w as WidgetDefinition]),
);
