import type { FastifyInstance, FastifyReply } from 'fastify';
import { bannerSvg } from '../services/media-tiles';
import { productArtSvg, recipeArtSvg, widgetIconSvg } from '../services/product-art';
import { errors } from '../errors';

// Locally drawn SVG images: products and recipes show the named art of their kind or dish (services/product-art.ts);
// banners a drawn tile. No image files to fetch or store.
const banners: Record<string, [string, number]> = {
  catering: ['Catering for every gathering', 24],
  wine: ['Wine & spirits for the season', 340],
  produce: ['Fresh produce, picked this week', 110],
  recipes: ['Dinner ideas in 30 minutes', 30],
};

/** The site's mark; also the source of the logo PNG (server/routes/seo/social-cards.ts). */
export const FAVICON_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="#2f6b3a"/><path d="M20 46c10-2 22-14 24-26-12 2-24 14-24 26z" fill="#f5a524"/><path d="M40 14c2-4 6-6 10-6-1 4-4 7-8 8" fill="#7cc46a"/></svg>';

export async function mediaRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const send = (reply: FastifyReply, svg: string) =>
    reply
      .type('image/svg+xml')
      .header('Cache-Control', 'public, max-age=86400')
      .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .send(svg);

  app.get('/favicon.svg', async (_request, reply) => send(reply, FAVICON_SVG));
  app.get('/favicon.ico', async (_request, reply) => reply.redirect('/favicon.svg', 301));

  // Typed, not validated: a name that is no image is a 404, never a 400.
  type FileParams = { file: string };
  // A product or recipe picture is named `<id>.svg`; any other name, or an id with no row, is a 404.
  const artRoute = (folder: string, draw: (id: number) => Promise<string | undefined>) =>
    app.get<{ Params: FileParams }>(`/media/${folder}/:file`, async (request, reply) => {
      const m = /^(\d{1,9})\.svg$/.exec(request.params.file);
      const svg = m ? await draw(Number(m[1])) : undefined;
      if (!svg) throw errors.missing('Image');
      return send(reply, svg);
    });
  artRoute('products', async (id) => {
    const p = await db.selectFrom('products').select(['name', 'kind', 'hue']).where('id', '=', id).executeTakeFirst();
    return p && productArtSvg(p);
  });
  artRoute('recipes', async (id) => {
    const r = await db.selectFrom('recipes').select(['title', 'hue']).where('id', '=', id).executeTakeFirst();
    return r && recipeArtSvg(r);
  });
  // The Icon widgets' pictures: a name of core/catalogue/widget-icons.ts, else a 404.
  app.get<{ Params: FileParams }>('/media/icons/:file', async (request, reply) => {
    const m = /^([a-z-]{1,40})\.svg$/.exec(request.params.file);
    const svg = m ? widgetIconSvg(m[1]) : undefined;
    if (!svg) throw errors.missing('Image');
    return send(reply, svg);
  });
  app.get<{ Params: FileParams }>('/media/banners/:file', async (request, reply) => {
    const m = /^([a-z]+)\.svg$/.exec(request.params.file);
    const banner = m ? banners[m[1]] : undefined;
    if (!banner) throw errors.missing('Image');
    return send(reply, bannerSvg(banner[0], banner[1]));
  });
}
