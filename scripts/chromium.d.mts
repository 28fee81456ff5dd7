/** How the tests and benchmarks start Chromium; see chromium.mjs. */
export const OUR_DISABLED_FEATURES: string[];
export function chromiumLaunchOptions(): { executablePath: string; args: string[] };
