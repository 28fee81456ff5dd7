// The API lives under /wp-json/ (WordPress-style REST) and /api/ (the shop platform): those paths answer
// JSON and check nonces; every other path is a page.
export const isApi = (url: string): boolean => url.startsWith('/wp-json/') || url.startsWith('/api/');
