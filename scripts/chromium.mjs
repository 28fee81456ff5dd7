// How the browser tests and the benchmarks start Debian's Chromium: one executable, one set of switches.
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
import { readFileSync } from 'node:fs';
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

/** Debian's Chromium, or another build named by CHROMIUM_PATH. */
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

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

/** Launch options for Playwright's `chromium.launch` and a config's `launchOptions`. */
export const chromiumLaunchOptions = () => ({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
