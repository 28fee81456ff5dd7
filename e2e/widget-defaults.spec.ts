import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { widgets } from '../react-app/widgets';
import { MIN_FILL_MS } from '../core/forms/form-rules';
import { expectNoAxeViolations, newTab, reusedTab, watchConsole, expect, test } from './support';
import { apiAs } from './session-helpers';

// Every widget type, from the widget list (react-app/widgets/index.ts), so a new widget is checked without anyone
// writing a test: each widget with nothing but its defaults, as the editor adds it, published on a page with a few
// others; a visitor sees each working (a behaviour check where the widget has one, a step named after the widget),
// with no console error and axe clean on the whole page.

type Check = (page: Page, widget: Locator) => Promise<void>;

/** Every widget: shown with a size (the ones that stay hidden until opened say so in CHECKS). */
const shown: Check = async (_page, widget) => {
  await expect(widget).toBeVisible();
  const box = await widget.boundingBox();
  expect(box && box.width > 0 && box.height > 0).toBe(true);
};

const swiperIndex = (swiper: Locator) =>
  swiper.evaluate((el) => (el as unknown as { swiper?: { realIndex: number } }).swiper?.realIndex ?? -1);

/** A carousel slides: Swiper is up and the next arrow moves it. */
const slides: Check = async (_page, widget) => {
  const swiper = widget.locator('.swiper');
  await expect(swiper).toHaveClass(/swiper-initialized/);
  const before = await swiperIndex(swiper);
  await widget.locator('.elementor-swiper-button-next').click();
  await expect.poll(() => swiperIndex(swiper)).not.toBe(before);
};

/** Tabs switch: the second tab, once clicked, is selected and its panel shown. */
const tabsSwitch: Check = async (_page, widget) => {
  const second = widget.getByRole('tab').nth(1);
  await second.click();
  await expect(second).toHaveAttribute('aria-selected', 'true');
  const panel = await second.getAttribute('aria-controls');
  await expect(widget.locator(`[id="${panel}"]`)).toBeVisible();
};

/** An accordion opens: the second item's button expands it and shows its content. */
const accordionOpens: Check = async (_page, widget) => {
  const title = widget.locator('[aria-expanded]').nth(1);
  await title.click();
  await expect(title).toHaveAttribute('aria-expanded', 'true');
  const panel = await title.getAttribute('aria-controls');
  await expect(widget.locator(`[id="${panel}"]`)).toBeVisible();
};

/** A widget that shows nothing where it is put (a theme part outside a theme template): present. */
const placeOnly: Check = async (_page, widget) => {
  await expect(widget).toBeAttached();
};

/** Its Add to cart button puts the product in the visitor's cart and says so. */
const addsToCart: Check = async (_page, widget) => {
  await expect(widget.locator('.price--sale, .product-card__price, .e-add-to-cart__price').first()).toContainText('$');
  await widget
    .getByRole('button', { name: /^Add to cart, / })
    .first()
    .click();
  await expect(widget.getByRole('status')).toHaveText(/^Added .+\. Your cart has \d+ items?\.$/);
};

/** A picture of the icon set, drawn by the server (it loaded: it has a size of its own). */
const iconDrawn = async (widget: Locator) => {
  const img = widget.locator('img').first();
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el) => (el as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
};

const CHECKS: Record<string, Check> = {
  button: async (_page, widget) => {
    await expect(widget.getByRole('link', { name: 'Shop this week’s deals' })).toHaveAttribute('href', '/shop');
  },
  icon: async (_page, widget) => iconDrawn(widget),
  'icon-list': async (_page, widget) => {
    await expect(widget.getByRole('listitem')).toHaveCount(3);
    await iconDrawn(widget);
    await expect(widget.getByRole('link', { name: 'Digital coupons every week' })).toBeVisible();
  },
  'product-grid': async (page, widget) => {
    expect(await widget.locator('.product-card').count()).toBeGreaterThan(0);
    await addsToCart(page, widget);
  },
  'add-to-cart': addsToCart,
  'weekly-ad': async (page, widget) => {
    await expect(widget.getByRole('link', { name: 'See the whole ad' })).toBeVisible();
    await addsToCart(page, widget);
  },
  'store-hours': async (_page, widget) => {
    await expect(widget.locator('dt')).toHaveCount(7);
    await expect(widget.locator('.is-today')).toHaveCount(1);
  },
  // A visitor is asked to sign in before clipping (clipping puts the coupon on an account).
  coupon: async (_page, widget) => {
    await widget.getByRole('button', { name: /^Clip coupon, / }).click();
    await expect(widget.getByRole('status')).toContainText('Sign in to clip coupons.');
    await expect(widget.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/shop#!/sign-in');
  },
  // Each problem next to its field; then sent (after the time trap's few seconds, as a person takes them), and the
  // submission is in the administrators' inbox.
  form: async (page, widget) => {
    await widget.getByRole('button', { name: 'Send' }).click();
    await expect(widget.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');
    await expect(widget.locator('[data-error-for="email"]')).toHaveText('Fill in E-mail.');
    await expect(widget.getByLabel('Name')).toBeFocused();
    const message = `Widget defaults ${Date.now()}`;
    await widget.getByLabel('Name').fill('Robin Grocer');
    await widget.getByLabel('E-mail').fill('robin@example.com');
    await widget.getByLabel('Message').fill(message);
    // The server refuses a form sent sooner than MIN_FILL_MS after it drew it (a 400 the console would show): wait
    // until that long after the page's response began, when the server had drawn it.
    await page.waitForFunction(
      (ms) => performance.now() - (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).responseStart > ms,
      MIN_FILL_MS + 250,
    );
    await widget.getByRole('button', { name: 'Send' }).click();
    await expect(widget.getByRole('status')).toHaveText('Thanks! We received your message.');
    const admin = await newTab(page.context().browser()!, { as: 'admin' });
    await admin.goto('/admin/inbox');
    await expect(admin.locator('.admin-inbox--forms')).toContainText(message);
    await expectNoAxeViolations(admin);
  },
  'image-carousel': slides,
  slides,
  tabs: tabsSwitch,
  'nested-tabs': tabsSwitch,
  accordion: accordionOpens,
  toggle: accordionOpens,
  'nested-accordion': accordionOpens,
  counter: async (_page, widget) => {
    await widget.scrollIntoViewIfNeeded();
    await expect(widget.locator('.elementor-counter-number')).toHaveText('100');
  },
  progress: async (_page, widget) => {
    await expect
      .poll(() => widget.locator('.elementor-progress-bar').evaluate((el) => el.getBoundingClientRect().width))
      .toBeGreaterThan(0);
    await expect(widget.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');
  },
  alert: async (_page, widget) => {
    await shown(_page, widget);
    await widget.getByRole('button', { name: /dismiss/i }).click();
    await expect(widget.locator('.elementor-alert')).toBeHidden();
  },
  countdown: async (_page, widget) => {
    await shown(_page, widget);
    await expect(widget.locator('.elementor-countdown-days')).toHaveText(/^\d+$/);
  },
  gallery: async (_page, widget) => {
    await shown(_page, widget);
    expect(await widget.locator('img').count()).toBeGreaterThan(1);
  },
  'loop-grid': async (_page, widget) => {
    await shown(_page, widget);
    expect(await widget.locator('.e-loop-item').count()).toBeGreaterThan(0);
  },
  // Fixed to the viewport's corner: the wrapper has no box of its own, its button has.
  'contact-buttons': async (_page, widget) => {
    await expect(widget.getByRole('button').first()).toBeVisible();
  },
  'taxonomy-filter': async (_page, widget) => {
    await shown(_page, widget);
    const terms = widget.getByRole('link');
    expect(await terms.count()).toBeGreaterThan(1);
    // Filtering the grid it names: the term is current and the address carries the filter (docs/behaviour.md).
    await terms.nth(1).click();
    await expect(terms.nth(1)).toHaveAttribute('aria-current', 'true');
    await expect.poll(() => _page.url()).toContain('e-filter-g1-course=');
  },
  // Theme parts (docs/editor.md, "Theme builder") show the site header, footer or page content in a theme template;
  // on a page they stay empty (the site has one header).
  'theme-site-header': placeOnly,
  'theme-site-footer': placeOnly,
  'theme-content': placeOnly,
  // Off-canvas stays closed until a link opens it: present, and hidden from everyone.
  'off-canvas': async (_page, widget) => {
    await expect(widget).toBeAttached();
    await expect(widget.getByRole('dialog')).toBeHidden();
  },
};

/** The one setting a widget cannot work without (which loop grid a filter filters) and the partner it names. */
const PARTNERS: Record<string, { settings: Record<string, unknown>; siblings: unknown[] }> = {
  'taxonomy-filter': {
    settings: { selected_element: 'g1' },
    siblings: [
      { id: 'g1', elType: 'widget', widgetType: 'loop-grid', settings: structuredClone(widgets['loop-grid'].defaults ?? {}), elements: [] },
    ],
  },
};

/** Entrance animations and transitions (a tab panel fading in) finished: axe measures the colours people see. */
async function settled(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(
        () =>
          document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().iterations !== Infinity).length,
      ),
    )
    .toBe(0);
}

let editor: { request: APIRequestContext; nonce: string };

test.beforeAll(async ({ browser }) => {
  editor = await apiAs(browser, 'editor');
});

async function publishPageWith(types: string[]): Promise<string> {
  // A fresh connection each time: this context lives across other tests, and a kept-alive socket the server
  // closes for idleness just as a request goes out resets the request.
  const headers = { 'X-WP-Nonce': editor.nonce, Connection: 'close' };
  const created = await editor.request.post('/wp-json/site/v1/documents', {
    headers,
    data: { type: 'page', title: `Defaults of ${types.join(', ')}` },
  });
  expect(created.status(), await created.text()).toBe(201);
  const doc = (await created.json()) as { id: number; slug: string };
  // Each widget in a section of its own, as the editor adds them one under the other.
  const tree = types.map((type) => {
    const partner = PARTNERS[type];
    const settings = { ...structuredClone(widgets[type].defaults ?? {}), ...partner?.settings };
    const widget = { id: idOf(type), elType: 'widget', widgetType: type, settings, elements: [] };
    return { id: `c${idOf(type)}`, elType: 'container', settings: {}, elements: [widget, ...(partner?.siblings ?? [])] };
  });
  const published = await editor.request.post(`/wp-json/site/v1/documents/${doc.id}/publish`, { headers, data: { tree } });
  expect(published.status(), await published.text()).toBe(200);
  return doc.slug;
}

/** A widget's element id on its page (letters and digits): its place in the widget list. */
const idOf = (type: string) => `w${Object.keys(widgets).indexOf(type)}`;

/** Console errors of each reused visitor tab, watched from its first use. */
const consoles = new WeakMap<Page, { errors: string[] }>();

// A widget fixed to the viewport (a corner button, a bar) would lie over the others' arrows and tabs: those share a
// page of their own. The rest go a few to a page: a page published and loaded per widget took a quarter of the
// browser tests' time, and the widgets of one page are checked as the visitor of a page with several sees them.
const OVERLAYS = ['contact-buttons', 'floating-bars', 'off-canvas'];
const PER_PAGE = 8;
const inFlow = Object.keys(widgets).filter((type) => !OVERLAYS.includes(type));
const PAGES = [
  OVERLAYS.filter((type) => type in widgets),
  ...Array.from({ length: Math.ceil(inFlow.length / PER_PAGE) }, (_, i) => inFlow.slice(i * PER_PAGE, (i + 1) * PER_PAGE)),
];

for (const types of PAGES) {
  test(`${types.join(', ')}: added with their defaults, they work for a visitor`, async ({ browser }) => {
    const slug = await publishPageWith(types);
    const page = await reusedTab(browser, 'visitor');
    const console = consoles.get(page) ?? watchConsole(page);
    consoles.set(page, console);
    console.errors.length = 0;
    await page.goto(`/${slug}`);
    await expect(page.locator('html')).toHaveAttribute('data-runtime', 'ready');
    for (const type of types) {
      await test.step(`${widgets[type].title} (${type})`, async () => {
        const widget = page.locator(`[data-widget_type="${type}.default"][data-id="${idOf(type)}"]`);
        await expect(widget).toBeAttached();
        // In sight, as a visitor scrolls to it: widgets start when they come near the viewport (core/near-viewport.ts).
        await widget.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await (CHECKS[type] ?? shown)(page, widget);
      });
    }
    await settled(page);
    await expectNoAxeViolations(page);
    expect(console.errors).toEqual([]);
  });
}
