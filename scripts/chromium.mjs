// How the browser tests and the benchmarks start Debian's Chromium: one set of switches, two builds.
//
// The browser tests run in Debian's `chromium-headless-shell` by default: the same Chromium version and Blink,
// without the browser's UI layer (what Playwright itself runs for headless tests). It took about a fifth less CPU
// per test (docs/testing.md, "Headless shell"). The benchmarks (vitals, Lighthouse, the editor's typing) measure
// what a visitor's browser does, so they start the full browser, and the matrix runs its browser lanes on the full
// browser too (E2E_CHROMIUM=full), so both builds stay covered on every CI run.
//
// Chromium 156 (Debian's since 2026-11-27) opens its WebUI omnibox popup (chrome://omnibox-popup.top-chrome) in a
// renderer process of its own for every window, and Playwright opens a window for every page: each new page then
// cost about 0.8 CPU-seconds more than on Chromium 150 (a new context with a blank page: 1.14 CPU-s, 0.34 with the
// popup off, 0.35 on 150; 2026-11-27). A test never uses the address bar, so the popup is turned off; Puppeteer
// does the same by default.
//
// Chromium reads only the last --disable-features switch, and Playwright passes its own list (features that make
// pages behave like a test needs: PaintHolding, HTTPS upgrades, storage partitioning...): ours must repeat that
// list. Playwright does not export it, so it is read from its bundle, and a Playwright whose bundle no longer has
// it stops the run here rather than losing those features without a word.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The features Playwright turns off when it starts Chromium (playwright-core's chromiumSwitches). */
function playwrightDisabledFeatures() {
  const bundle = readFileSync(createRequire(import.meta.url).resolve('playwright-core/lib/coreBundle'), 'utf8');
  const list = /\bdisabledFeatures = \[([^\]]*)\]/.exec(bundle)?.[1];
  const names = list
    ?.split('\n')
    .map((line) => line.replace(/\/\/.*/, ''))
    .flatMap((line) => [...line.matchAll(/"(\w+)"/g)].map((m) => m[1]));
  if (!names?.length || !names.includes('PaintHolding'))
    throw new Error('scripts/chromium.mjs: Playwright no longer lists its disabled Chromium features where it did; update this file.');
  return names;
}

/** The features turned off on top of Playwright's: the omnibox popup's renderer (see above). */
export const OUR_DISABLED_FEATURES = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];

/** Debian's two builds of one Chromium: the browser, and Blink without the browser's UI (`chromium-headless-shell`). */
export const CHROMIUM_BUILDS = { full: '/usr/bin/chromium', 'headless-shell': '/usr/bin/chromium-headless-shell' };

/** The switches of every Chromium the tests and benchmarks start (Playwright adds its own before them). */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  // No network beyond loopback: no QUIC probing, no background fetches, updates or sync.
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[...new Set([...playwrightDisabledFeatures(), ...OUR_DISABLED_FEATURES])].join(',')}`,
];

/**
 * Launch options for Playwright's `chromium.launch` and a config's `launchOptions`: the full browser unless told
 * otherwise (the benchmarks); CHROMIUM_PATH names another executable for either.
 * @param {{ build?: keyof typeof CHROMIUM_BUILDS }} [options]
 */
export const chromiumLaunchOptions = ({ build = 'full' } = {}) => {
  const executablePath = process.env.CHROMIUM_PATH ?? CHROMIUM_BUILDS[build];
  if (!executablePath) throw new Error(`scripts/chromium.mjs: no Chromium build named ${build}: ${Object.keys(CHROMIUM_BUILDS)}`);
  return { executablePath, args: [...CHROMIUM_ARGS] };
};

/** The browser tests' build: the headless shell, or E2E_CHROMIUM=full (the matrix's browser lanes). */
export const testChromiumBuild = () => {
  // A machine without the shell's package still runs the tests, in the browser (the README names both packages).
  const build = process.env.E2E_CHROMIUM ?? (existsSync(CHROMIUM_BUILDS['headless-shell']) ? 'headless-shell' : 'full');
  if (!Object.hasOwn(CHROMIUM_BUILDS, build))
    throw new Error(`E2E_CHROMIUM=${build}: expected one of ${Object.keys(CHROMIUM_BUILDS).join(', ')}`);
  return /** @type {keyof typeof CHROMIUM_BUILDS} */ (build);
};
