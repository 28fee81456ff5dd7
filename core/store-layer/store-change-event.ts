// The store change's event name and the page's record of it, without the API client: the islands' loader
// (react-app/islands/main.tsx) listens for it and must stay small. The rest is in store-change.ts.

/** The window event that announces the visitor's new store (store-change.ts). */
export const STORE_CHANGE_EVENT = 'store:change';

/** The attribute of `<html>` naming the last store announced on this page (for an island that hydrates later). */
export const CHANGED_STORE_ATTRIBUTE = 'data-store-changed';

/** The attribute of `<html>` the store layer sets once its first view is complete (`store:ready` on the bus). */
export const STORE_READY_ATTRIBUTE = 'data-store-ready';
