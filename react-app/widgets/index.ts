import { heading } from './heading';
import { image } from './image';
import { imageCarousel } from './image-carousel';
import { textEditor } from './text-editor';
import { island } from './island';
import { accordion, nestedAccordion, toggle } from './accordion';
import { alert } from './alert';
import { contactButtons, floatingBars } from './contact-buttons';
import { countdown } from './countdown';
import { counter, progress } from './counter';
import { gallery } from './gallery';
import { offCanvas } from './off-canvas';
import { slides } from './slides';
import { tabs, nestedTabs } from './tabs';
import { textPath } from './text-path';
import { audio, video } from './video';
import { loopGrid } from './loop-grid';
import { taxonomyFilter } from './taxonomy-filter';
import { freshopContent } from './freshop-content';
import { themeContent, themeSiteFooter, themeSiteHeader } from './theme-parts';
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
    accordion,
    nestedAccordion,
    toggle,
    tabs,
    nestedTabs,
    counter,
    progress,
    alert,
    countdown,
    video,
    audio,
    gallery,
    slides,
    textPath,
    contactButtons,
    floatingBars,
    offCanvas,
    freshopContent,
    themeSiteHeader,
    themeSiteFooter,
    themeContent,
  ].map((w) => [w.type, w as WidgetDefinition]),
);
