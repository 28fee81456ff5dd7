// The runtime build's compile hint for Swiper's file (rollup.config.mjs).

/** V8's explicit compile hint: compile all of the file's functions eagerly. */
export const EAGER_COMPILE = '//# allFunctionsCalledOnLoad';

/** @param {string} id */
export const isSwiper = (id) => /[\\/]node_modules[\\/]swiper[\\/]/.test(id);

/**
 * Swiper's file starts with V8's compile hint: every function of it is compiled with the file (off the main thread,
 * as the browser streams it) instead of each on its first call. A carousel's start ran Swiper's code for the first
 * time, and compiling it lazily was about 45% of that task's CPU (docs/performance.md, Vitals). Added to the written file, as the minifier
 * drops comments (the file's hashed name does not change with it).
 * @returns {import('rollup').Plugin}
 */
export function eagerCompilePlugin() {
  return {
    name: 'eager-compile',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.moduleIds.some(isSwiper)) continue;
        file.code = `${EAGER_COMPILE}\n${file.code}`;
        // One generated line more at the top: the map's lines move down by one (the written .map is an asset).
        const map = bundle[`${file.fileName}.map`];
        if (map?.type === 'asset') {
          const json = JSON.parse(String(map.source));
          map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
        }
      }
    },
  };
}
