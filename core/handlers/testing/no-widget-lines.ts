import type { HandlerEntry } from '../registry';

// `virtual:widget-handlers` in the DOM tests (vitest.config.ts): the runtime build writes the widgets' registry lines
// there; a test that imports boot needs none of them.
const lines: readonly HandlerEntry[] = [];
export default lines;
