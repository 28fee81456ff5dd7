// The widget registry: one line per widget folder (react-app/widgets/<folder>/), naming the definitions its
// widget.tsx exports. Everything else about a widget (component, controls, defaults, behaviour, styles) is in its
// folder; the chunk of its handler and boot's line for it are made from the folder at build time (docs/widgets.md).
export { accordion, nestedAccordion, toggle } from './accordion/widget';
export { addToCart } from './add-to-cart/widget';
export { alert } from './alert/widget';
export { button } from './button/widget';
export { contactButtons, floatingBars } from './contact-buttons/widget';
export { countdown } from './countdown/widget';
export { counter, progress } from './counter/widget';
export { coupon } from './coupon/widget';
export { divider } from './divider/widget';
export { form } from './form/widget';
export { freshopContent } from './freshop-content/widget';
export { gallery } from './gallery/widget';
export { heading } from './heading/widget';
export { iconList } from './icon-list/widget';
export { icon } from './icon/widget';
export { imageCarousel } from './image-carousel/widget';
export { image } from './image/widget';
export { island } from './island/widget';
export { loopGrid } from './loop-grid/widget';
export { offCanvas } from './off-canvas/widget';
export { productGrid } from './product-grid/widget';
export { slides } from './slides/widget';
export { spacer } from './spacer/widget';
export { storeHours } from './store-hours/widget';
export { tabs, nestedTabs } from './tabs/widget';
export { taxonomyFilter } from './taxonomy-filter/widget';
export { textEditor } from './text-editor/widget';
export { textPath } from './text-path/widget';
export { themeContent, themeSiteFooter, themeSiteHeader } from './theme-parts/widget';
export { audio, video } from './video/widget';
export { weeklyAd } from './weekly-ad/widget';
