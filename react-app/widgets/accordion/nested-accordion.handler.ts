// The nested-accordion widget behaves as the Accordion does; its chunk keeps the name of its widget (docs/widgets.md).
export { default } from './handler';
