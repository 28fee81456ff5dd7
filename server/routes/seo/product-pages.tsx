import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { box, w } from '../../../core/wire/document';
import { renderPage } from '../../render/page';
import { siteOrigin } from '../../render/seo-head';
import { loadProductPage } from '../../services/seo/product-page';
import { productLd } from '../../services/seo/structured-data';
import { setRequestIslandProps } from '../../services/shopper-content';
import { productPlace, themedBody } from '../../render/theme';

// Product pages at /products/{slug} (docs/seo.md): server-rendered, kept in the page cache per store, canonical
// to themselves (the shop's #!/product/{id} view links here), with Product JSON-LD whose offer is the visitor's
// store price, or the range across stores for a visitor (or crawler) without a store. The listing page stays a
// page document at /products.

/** The product page's own body (the seeded product template's tree is the same). */
export const PRODUCT_BODY = [box('productpage', [w('productisland', 'island', { island: 'product' })])];

const slugParam = z.object({ slug: z.string().regex(/^[a-z0-9-]{1,160}$/) });

export async function productPageRoutes(app: FastifyInstance): Promise<void> {
  app.get('/products/:slug', { config: { pageCache: true } }, async (request, reply) => {
    const params = slugParam.safeParse(request.params);
    const loaded = params.success ? await loadProductPage(app.db.kysely, params.data.slug, request.visitor.storeId) : null;
    if (!loaded) return reply.callNotFound();
    setRequestIslandProps(request, 'product', loaded.props);
    const { facts } = loaded;
    // A product template (docs/editor.md, "Theme builder") builds the body; the URL, cache and JSON-LD stay the route's.
    const place = await productPlace(app, request, facts.path.slice('/products/'.length), loaded.departmentId);
    const body = await themedBody(app, request, 'single', place, PRODUCT_BODY);
    const html = await renderPage(app, request, {
      title: facts.name,
      tree: body.tree,
      themePlace: place,
      tagProduct: place.slug,
      bodyClass: 'page page-product',
      seo: {
        fields: loaded.fields,
        description: facts.description,
        image: { url: `/media/social/products/${facts.id}.png`, width: 1200, height: 630, alt: facts.name },
        type: 'product',
        path: facts.path,
        jsonLd: [productLd(siteOrigin(app), facts, loaded.offer, app.siteSettings.name)],
        breadcrumbs: [
          { name: 'Home', path: '/' },
          { name: 'Products', path: '/products' },
          { name: facts.name, path: facts.path },
        ],
      },
    });
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(html);
  });
}
