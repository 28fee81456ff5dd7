/** The settings key of an element's custom CSS (apart from custom-css.ts, whose parser the editor loads lazily). */
export const CUSTOM_CSS_KEY = 'custom_css';
