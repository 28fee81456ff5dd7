import { expect, test } from './support';
import { OUR_DISABLED_FEATURES } from '../scripts/chromium.mjs';

// The browser the tests start (scripts/chromium.mjs). Chromium 156 gave every window a renderer of its own for
// the omnibox popup, about 0.8 CPU-seconds per new page: if a Chromium renames the feature that turns it off, the
// browser tests take about 40 % more CPU without failing, so this one says so. The headless shell the gate runs has
// no omnibox at all: the check bites in the matrix, whose browser lanes run the full browser (E2E_CHROMIUM=full).
test('the test browser opens pages without an omnibox popup beside them', async ({ page, browser }) => {
  await page.goto('/');
  const cdp = await browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(
    targetInfos.map((t) => t.url).filter((url) => url.startsWith('chrome://omnibox-popup')),
    `turn off: ${OUR_DISABLED_FEATURES}`,
  ).toEqual([]);
});
