// Chunk entry: popups load only on pages that carry a popup (see core/handlers/manifest.ts).
export { default } from '../../popups/popup';
