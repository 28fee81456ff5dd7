import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { defaultSiteSettings, type SiteSettings } from '../../core/config/site-settings';
import { publishedSiteSettings } from '../services/site-settings';

// `app.siteSettings`: the published Site Settings, read from the database (services/site-settings.ts)
// before each request's handler. Registered after the page cache so that a moved page_cache_version has
// already made the process forget its copy (a publish on another server is rendered at once, never cached
// under the new version with the old settings). With the database down the last settings read stay.
export const siteSettingsPlugin = fp(async (app: FastifyInstance) => {
  let current: SiteSettings = defaultSiteSettings;
  app.decorate('siteSettings', {
    getter: () => current,
  });
  const refresh = async () => {
    current = await publishedSiteSettings(app.db.kysely).catch(() => current);
  };
  // Before the page cache computes its key (it holds the app banner decision, made from the app links)…
  app.addHook('onRequest', refresh);
  // …and again once it has seen a new page_cache_version, which forgets the copy read above.
  app.addHook('preHandler', refresh);
});
