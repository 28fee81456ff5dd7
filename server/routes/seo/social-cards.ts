import type { FastifyInstance, FastifyReply } from 'fastify';
import { errors } from '../../errors';
import { circularDateLine } from '../../../core/circulars/dates';
import { renderCard, renderLogo, type CardText } from '../../services/seo/social-card';
import { FAVICON_SVG } from '../media';
import { productArtSvg, recipeArtSvg } from '../../services/product-art';

// /media/social/{recipes|products|circulars}/{id}.png, /media/social/site.png and /media/social/logo.png: the
// share cards the Open Graph and Twitter tags point to (server/services/seo/social-card.ts). Rendering one takes
// sharp a few tens of milliseconds, so each server keeps the latest ones.

const KEEP = 300;

export async function socialCardRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;
  const made = new Map<string, Buffer>();
  const send = (reply: FastifyReply, png: Buffer) => reply.type('image/png').header('Cache-Control', 'public, max-age=86400').send(png);
  const cached = async (key: string, make: () => Promise<Buffer>): Promise<Buffer> => {
    const hit = made.get(key);
    if (hit) return hit;
    const png = await make();
    if (made.size >= KEEP) made.delete(made.keys().next().value!);
    made.set(key, png);
    return png;
  };

  const cardOf = async (kind: string, id: number): Promise<Omit<CardText, 'site'> | null> => {
    if (kind === 'recipes') {
      const r = await db.selectFrom('recipes').select(['title', 'minutes', 'serves', 'hue']).where('id', '=', id).executeTakeFirst();
      return !r
        ? null
        : { title: r.title, subtitle: `Recipe · ${r.minutes} minutes · serves ${r.serves}`, hue: r.hue, art: recipeArtSvg(r) };
    }
    if (kind === 'products') {
      const p = await db.selectFrom('products').select(['name', 'brand', 'size', 'hue', 'kind']).where('id', '=', id).executeTakeFirst();
      return !p ? null : { title: p.name, subtitle: [p.brand, p.size].filter(Boolean).join(' · '), hue: p.hue, art: productArtSvg(p) };
    }
    if (kind === 'circulars') {
      const c = await db.selectFrom('circulars').selectAll().where('id', '=', id).executeTakeFirst();
      return !c ? null : { title: c.title, subtitle: circularDateLine(c), hue: 24 };
    }
    return null;
  };

  app.get<{ Params: { kind: string; file: string } }>('/media/social/:kind/:file', async (request, reply) => {
    const m = /^(\d{1,9})\.png$/.exec(request.params.file);
    const card = m ? await cardOf(request.params.kind, Number(m[1])) : null;
    if (!card) throw errors.missing('Image');
    const text = { ...card, site: app.siteSettings.name };
    return send(reply, await cached(JSON.stringify(text), () => renderCard(text)));
  });
  app.get('/media/social/site.png', async (_request, reply) => {
    const text = { title: app.siteSettings.name, subtitle: 'Fresh food, close to home', site: app.siteSettings.name, hue: 130 };
    return send(reply, await cached(JSON.stringify(text), () => renderCard(text)));
  });
  app.get('/media/social/logo.png', async (_request, reply) => send(reply, await cached('logo', () => renderLogo(FAVICON_SVG))));
}
