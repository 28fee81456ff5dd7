import { setFlagsFromString } from 'node:v8';

/**
 * How far V8 lets the old generation grow past what the last full collection kept, in percent. Left to itself,
 * V8 grows it by up to 4× when the program allocates fast next to how fast it collects, and a server answering 100
 * shop requests a second does: at 40k products × 100 stores the old space grew to 146 MB (55 MB live) with two
 * full collections in 70 s, RSS 440 MB; at 20 %, 55 MB with eleven, RSS 210 MB, the same CPU per request within
 * the noise (docs/performance.md, "Scale").
 */
export const HEAP_GROWING_PERCENT = 20;

/**
 * Caps the heap's growth between full collections for this process (and its worker threads: V8's flags are
 * per process). Called first thing by `npm start`'s server (server/main.ts). Set at run time rather than on
 * node's command line, which `npm start` (the same process) and process managers would each have to repeat;
 * V8 reads this flag whenever it sets the next collection's limit.
 */
export function limitHeapGrowth(percent = HEAP_GROWING_PERCENT): void {
  setFlagsFromString(`--heap-growing-percent=${percent}`);
}
