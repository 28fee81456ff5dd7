import type { Store } from '../wire/store';

/** What an info box can show: the name at least, the rest when the store has it. */
type InfoBoxStore = Pick<Store, 'name'> & Partial<Store>;

// Store info boxes: any element with data-store-info="name|address|phone|link|city" shows that field of the
// current store; refilled when the store changes.

export function fillInfoBoxes(root: ParentNode, store: InfoBoxStore | null): void {
  root.querySelectorAll<HTMLElement>('[data-store-info]').forEach((box) => {
    const field = box.dataset.storeInfo;
    if (!store) return;
    if (field === 'name') {
      const link = box instanceof HTMLAnchorElement ? box : box.querySelector('a');
      if (link) {
        link.textContent = store.name;
        if (store.slug) link.setAttribute('href', `/stores/${store.slug}`);
      } else box.textContent = store.name;
    } else if (field === 'address') {
      if (store.address_1)
        box.textContent = [store.address_1, store.city && `${store.city}, ${store.state} ${store.postal_code}`].filter(Boolean).join(', ');
    } else if (field === 'phone' && store.phone !== undefined) box.textContent = store.phone;
    else if (field === 'city' && store.city !== undefined) box.textContent = store.city;
    else if (field === 'link' && store.slug) box.setAttribute('href', `/stores/${store.slug}`);
  });
}
