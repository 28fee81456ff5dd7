// @vitest-environment jsdom
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Store } from '../wire/store';
import { announceStoreChange, STORE_CHANGE_EVENT, storeChangeOf, type StoreChange } from './store-change';

const storeFixture = (over: Partial<Store>): Store => ({
  id: 1001,
  name: 'Columbus Short North',
  slug: 'columbus-short-north',
  url: '/stores/columbus-short-north',
  address_1: '1000 N High St',
  address_2: '',
  city: 'Columbus',
  state: 'OH',
  postal_code: '43201',
  phone: '(614) 555-0101',
  hours: {},
  latitude: 39.98,
  longitude: -83.0,
  store_number: '1001',
  time_zone: 'America/New_York',
  is_selectable: true,
  store_segment_ids: [],
  store_group_ids: [200],
  other_attributes: {},
  kind: 'shopping',
  ...over,
});

describe('store changes', () => {
  const heard: (StoreChange | null)[] = [];
  const listen = (e: Event) => heard.push(storeChangeOf(e));
  window.addEventListener(STORE_CHANGE_EVENT, listen);
  afterEach(() => {
    heard.length = 0;
  });
  afterAll(() => window.removeEventListener(STORE_CHANGE_EVENT, listen));

  it('announce the store the server answered, whole, so listeners need not ask for it', () => {
    const store = storeFixture({ id: 1006, name: 'Pittsburgh Lawrenceville' });
    announceStoreChange(store);
    expect(heard).toEqual([{ storeId: 1006, store }]);
  });

  it('read a bare id (older announcers) and refuse what names no store', () => {
    const send = (detail: unknown) => window.dispatchEvent(new CustomEvent(STORE_CHANGE_EVENT, { detail }));
    send({ storeId: 1001 });
    send({ storeId: '1002' });
    send({ storeId: 0 });
    send({ storeId: 'x' });
    send(null);
    // A store that is not the one named is dropped, never trusted.
    send({ storeId: 1003, store: storeFixture({ id: 9 }) });
    expect(heard).toEqual([{ storeId: 1001 }, { storeId: 1002 }, null, null, null, { storeId: 1003 }]);
  });
});
