// The icons the page builder's Icon and Icon List widgets offer: names of the Fluent Emoji Flat set the product art
// already uses (docs/catalogue-data.md), drawn by the server at /media/icons/<name>.svg (server/routes/media.ts).
// A short list, so the editor's panel stays a select and no icon set ships to the browser.

export const WIDGET_ICONS: Readonly<Record<string, string>> = {
  'shopping-cart': 'Shopping cart',
  basket: 'Basket',
  'shopping-bags': 'Shopping bags',
  'red-apple': 'Apple',
  carrot: 'Carrot',
  'leafy-green': 'Leafy greens',
  bread: 'Bread',
  'cheese-wedge': 'Cheese',
  'glass-of-milk': 'Milk',
  'cut-of-meat': 'Meat',
  fish: 'Fish',
  'birthday-cake': 'Cake',
  'wine-glass': 'Wine',
  'hot-beverage': 'Coffee',
  'delivery-truck': 'Delivery',
  automobile: 'Curbside pickup',
  'money-bag': 'Savings',
  ticket: 'Coupon',
  'credit-card': 'Payment',
  'mobile-phone': 'App',
  'telephone-receiver': 'Phone',
  envelope: 'E-mail',
  'round-pushpin': 'Location',
  'mantelpiece-clock': 'Hours',
  'check-mark-button': 'Check',
  star: 'Star',
  'red-heart': 'Heart',
  sparkles: 'New',
  seedling: 'Organic',
  house: 'Home',
};

export const isWidgetIcon = (name: unknown): name is string => typeof name === 'string' && Object.hasOwn(WIDGET_ICONS, name);

/** The address of an icon's picture (an unknown name: the shopping cart). */
export const widgetIconUrl = (name: unknown): string => `/media/icons/${isWidgetIcon(name) ? name : 'shopping-cart'}.svg`;
