import type { APIRequestContext } from '@playwright/test';
import type { Order } from '../core/shop/api-types';
import { addDays, CHAIN_TIME_ZONE, storeDay } from '../core/shop/store-day';
import { expect, test, expectNoAxeViolations, keepScreenshot, watchConsole, ON_EVERY_DEVICE } from './support';
import { nonceOf } from './session-helpers';

// The staff screen beyond the happy path: a move another picker made first is explained next to the order
// (and the order shows its new state), a shopper gets a 403 page; desktop and phone, axe clean.

const unexpected = (errors: string[]) => errors.filter((e) => !/status of 40[0139]/.test(e));

/** Casey places a pickup order at store 1001 through the API: its id and day. */
async function placeOrder(request: APIRequestContext): Promise<Order> {
  let nonce = await nonceOf(request);
  const session = await request.post('/api/shop/v1/session', {
    headers: { 'x-wp-nonce': nonce },
    data: { email: 'casey@example.test', password: 'casey-password' },
  });
  expect(session.status()).toBe(200);
  nonce = ((await session.json()) as { nonce: string }).nonce;
  const headers = { 'x-wp-nonce': nonce };
  expect(
    (
      await request.post('/api/shop/v1/cart/items?store_id=1001', { headers, data: { items: [{ product_id: 5001, quantity: 3 }] } })
    ).status(),
  ).toBe(200);
  for (let offset = 2; offset <= 14; offset++) {
    const date = addDays(storeDay(new Date(), CHAIN_TIME_ZONE), offset);
    const slots = (await (await request.get(`/api/shop/v1/stores/1001/pickup-slots?date=${date}`, { headers })).json()) as {
      items: Array<{ id: number; remaining: number }>;
    };
    const open = slots.items.find((s) => s.remaining > 0);
    if (!open) continue;
    const order = await request.post('/api/shop/v1/orders', { headers, data: { store_id: 1001, slot_id: open.id } });
    expect(order.status()).toBe(201);
    return (await order.json()) as Order;
  }
  throw new Error('no open pickup window');
}

// One tab per worker and role, signed in, with the HTTP cache on (`signedInPage`, e2e/support.ts).
test.use({ signedInAs: 'staff' });

test(
  `staff screen: a move made elsewhere first is explained beside the order`,
  ON_EVERY_DEVICE,
  async ({ signedInPage: page, browser, device }) => {
    const console = watchConsole(page);
    const shopper = await browser.newContext();
    const order = await placeOrder(shopper.request);

    await page.goto(`/staff/orders?store_id=1001&date=${order.pickup_date}`);
    await expect(page.getByRole('heading', { name: 'Pickup orders' })).toBeVisible();
    const card = page.locator(`.staff-order[data-order-id="${order.id}"]`);
    await expect(card).toContainText('3 × ');
    await expect(card.locator('.staff-order__status')).toHaveText('Placed');

    // Another picker (the same account elsewhere) starts picking it first: through the API, not this screen.
    const moved = await page.request.put(`/api/shop/v1/staff/orders/${order.id}/status`, {
      headers: { 'x-wp-nonce': await nonceOf(page.request) },
      data: { status: 'picking' },
    });
    expect(moved.status()).toBe(200);

    await card.getByRole('button', { name: 'Start picking' }).click();
    await expect(card.getByRole('alert')).toHaveText('This order is already being picked.');
    await expect(card.locator('.staff-order__status')).toHaveText('Being picked');
    await expect(card.getByRole('button', { name: 'Mark ready' })).toBeVisible();
    await expectNoAxeViolations(page);
    await keepScreenshot(page, `staff-conflict-${device}`, { fullPage: true });

    // A shopper reaches no staff screen.
    const shopperPage = await shopper.newPage();
    const denied = await shopperPage.goto('/staff/orders');
    expect(denied?.status()).toBe(403);
    await expect(shopperPage.getByRole('heading', { name: 'You do not have access to this screen' })).toBeVisible();
    await expectNoAxeViolations(shopperPage);
    await shopper.close();
    expect(unexpected(console.errors)).toEqual([]);
  },
);
