// Chunk entry: theme-template preview (?template_preview={id}).
export { default } from '../../template-preview/template-preview';
