// The nested-tabs widget behaves as Tabs do; its chunk keeps the name of its widget (docs/widgets.md).
export { default } from './handler';
