import type { FastifyInstance } from 'fastify';
import { debugLogRoutes } from './admin/debug-log';
import { templateRoutes } from './admin/templates';
import { documentRoutes } from './editor/documents';
import { revisionRoutes } from './editor/revisions';
import { contentBlockRoutes } from './admin/content-blocks';
import { documentAdminRoutes } from './editor/document-admin';
import { measureRoutes } from './measures';
import { previewRoutes } from './editor/preview';
import { testClockRoutes } from './test-clock';
import { screenRoutes } from './editor/screens';
import { uploadRoutes } from './editor/uploads';
import { refreshLoopRoutes } from './loop/refresh-loop';
import { contentRoutes } from './content';
import { contactRoutes } from './contact';
import { formRoutes } from './forms';
import { mediaRoutes } from './media';
import { storePageRoutes } from './store-pages';
import { pageRoutes } from './pages';
import { accountRoutes } from './shop/account';
import { cartRoutes } from './shop/cart';
import { favoriteRoutes } from './shop/favorites';
import { orderRoutes } from './shop/orders';
import { couponRoutes } from './shop/coupons';
import { pickupSlotRoutes } from './shop/pickup-slots';
import { staffOrderRoutes } from './shop/staff-orders';
import { staffScreenRoutes } from './shop/staff-screen';
import { shoppingListRoutes } from './shop/shopping-lists';
import { productRoutes } from './shop/products';
import { sessionRoutes } from './shop/session';
import { shopperPageRoutes } from './shopper-pages';
import { storeRoutes } from './shop/stores';
import { usageEventRoutes } from './usage-events';
import { sampleRoutes } from './runtime/samples';
import { passwordRoutes } from './auth/password-routes';
import { editorPreferenceRoutes } from './editor/preferences';
import { dynamicTagRoutes } from './editor/dynamic-tags';
import { productChoiceRoutes } from './editor/product-choices';
import { contactInboxRoutes } from './admin/contact-inbox';
import { nonceRenewalRoutes } from './auth/nonce-renewal';
import { performanceRoutes } from './performance';
import { siteSettingsRoutes } from './editor/site-settings';
import { catalogueAdminRoutes } from './admin/catalogue';
import { catalogueImageRoutes } from './admin/catalogue-images';
import { catalogueMerchandiserRoutes } from './admin/catalogue-merchandisers';
import { catalogueOfferRoutes } from './admin/catalogue-offers';
import { catalogueScreenRoutes } from './admin/catalogue-screens';
import { importRoutes } from './admin/imports';
import { productPageRoutes } from './seo/product-pages';
import { redirectRoutes } from './seo/redirects';
import { sitemapRoutes } from './seo/sitemaps';
import { socialCardRoutes } from './seo/social-cards';
import { globalWidgetRoutes } from './editor/global-widgets';
import { revisionPreviewRoutes } from './editor/revision-preview';
import { editorialRoutes } from './editor/editorial';
import { widgetDataRoutes } from './editor/widget-data';

// Every route group, one Fastify plugin each. Page routes (the catch-all) come last.
export const routeGroups: Array<(app: FastifyInstance) => Promise<void>> = [
  storeRoutes,
  sessionRoutes,
  mediaRoutes,
  uploadRoutes,
  documentRoutes,
  documentAdminRoutes,
  debugLogRoutes,
  templateRoutes,
  screenRoutes,
  refreshLoopRoutes,
  usageEventRoutes,
  sampleRoutes,
  productRoutes,
  cartRoutes,
  favoriteRoutes,
  orderRoutes,
  couponRoutes,
  accountRoutes,
  shopperPageRoutes,
  contentRoutes,
  contactRoutes,
  formRoutes,
  storePageRoutes,
  passwordRoutes,
  revisionRoutes,
  contentBlockRoutes,
  pickupSlotRoutes,
  editorPreferenceRoutes,
  dynamicTagRoutes,
  productChoiceRoutes,
  contactInboxRoutes,
  nonceRenewalRoutes,
  measureRoutes,
  previewRoutes,
  testClockRoutes,
  performanceRoutes,
  staffOrderRoutes,
  staffScreenRoutes,
  shoppingListRoutes,
  siteSettingsRoutes,
  catalogueAdminRoutes,
  catalogueOfferRoutes,
  catalogueMerchandiserRoutes,
  catalogueImageRoutes,
  catalogueScreenRoutes,
  importRoutes,
  productPageRoutes,
  sitemapRoutes,
  socialCardRoutes,
  redirectRoutes,
  globalWidgetRoutes,
  revisionPreviewRoutes,
  editorialRoutes,
  widgetDataRoutes,
  // New route groups go above this line.
  pageRoutes,
];
