// The widget registry: one line per widget folder (react-app/widgets/<folder>/), naming the definitions its
// widget.tsx exports. Everything else about a widget (component, controls, defaults, behaviour, styles) is in its
// folder; the chunk of its handler and boot's line for it are made from the folder at build time (docs/widgets.md).
export { accordion, nestedAccordion, toggle } from './accordion/widget';
export { alert } from './alert/widget';
export { contactButtons, floatingBars } from './contact-buttons/widget';
export { countdown } from './countdown/widget';
export { counter, progress } from './counter/widget';
export { freshopContent } from './freshop-content/widget';
export { gallery } from './gallery/widget';
export { heading } from './heading/widget';
export { image } from './image/widget';
export { imageCarousel } from './image-carousel/widget';
export { island } from './island/widget';
export { loopGrid } from './loop-grid/widget';
export { offCanvas } from './off-canvas/widget';
export { slides } from './slides/widget';
export { tabs, nestedTabs } from './tabs/widget';
export { taxonomyFilter } from './taxonomy-filter/widget';
export { textEditor } from './text-editor/widget';
export { textPath } from './text-path/widget';
export { audio, video } from './video/widget';
