/** How the tests and benchmarks start Chromium; see chromium.mjs. */
export const OUR_DISABLED_FEATURES: string[];
/** Debian's two builds of one Chromium, by name. */
export const CHROMIUM_BUILDS: { full: string; 'headless-shell': string };
export type ChromiumBuild = keyof typeof CHROMIUM_BUILDS;
/** The full browser unless `build` says otherwise (the benchmarks start the full browser). */
export function chromiumLaunchOptions(options?: { build?: ChromiumBuild }): { executablePath: string; args: string[] };
/** The browser tests' build: the headless shell, or E2E_CHROMIUM=full. */
export function testChromiumBuild(): ChromiumBuild;
