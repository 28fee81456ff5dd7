import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { can } from '../../services/capabilities';
import { renderPage } from '../../render/page';
import {
  ADMINISTRATOR_SECTIONS,
  CATALOGUE_ADMIN_PATH,
  CATALOGUE_SECTIONS,
  type CatalogueSection,
} from '../../../core/wire/catalogue-admin';

// The back office's screens (/admin/catalogue/{section}): the server renders the chrome, the section's heading
// and its navigation; admin/catalogue/ mounts the screen. Administrators and merchandisers only: anonymous
// visitors go to the sign-in page, other accounts get a 403 page; the merchandisers section is administrators' only.

const isSection = (s: string): s is CatalogueSection => Object.prototype.hasOwnProperty.call(CATALOGUE_SECTIONS, s);

export async function catalogueScreenRoutes(app: FastifyInstance): Promise<void> {
  const screen = async (request: FastifyRequest, reply: FastifyReply, section: CatalogueSection) => {
    const user = request.visitor.user;
    const send = (html: string, status = 200) =>
      reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);
    if (!user) {
      const back = request.url.length <= 300 ? request.url : CATALOGUE_ADMIN_PATH;
      return reply.redirect(`/login?redirect_to=${encodeURIComponent(back)}`, 302);
    }
    const administrator = can(user, 'manage_options');
    const allowed = can(user, 'manage_catalogue') && (administrator || !ADMINISTRATOR_SECTIONS.includes(section));
    if (!allowed) {
      const content = (
        <section className="wrap">
          <h1>You do not have access to this screen</h1>
          <p>
            {can(user, 'manage_catalogue')
              ? 'Only administrators manage who holds the merchandiser role.'
              : 'Sign in with a merchandiser or administrator account.'}
          </p>
        </section>
      );
      return send(await renderPage(app, request, { title: 'Access denied', content }), 403);
    }
    const title = `Catalogue: ${CATALOGUE_SECTIONS[section]}`;
    const content = (
      <div className="wrap admin-screen catalogue-admin">
        <nav className="admin-nav" aria-label="Catalogue">
          <ul>
            {can(user, 'edit_pages') ? (
              <li>
                <a href="/admin">Site admin</a>
              </li>
            ) : null}
            {(Object.keys(CATALOGUE_SECTIONS) as CatalogueSection[])
              .filter((key) => administrator || !ADMINISTRATOR_SECTIONS.includes(key))
              .map((key) => (
                <li key={key}>
                  <a href={`${CATALOGUE_ADMIN_PATH}/${key}`} aria-current={key === section ? 'page' : undefined}>
                    {CATALOGUE_SECTIONS[key]}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <h1>{title}</h1>
        <div id="admin-root" data-screen="catalogue" data-section={section} />
      </div>
    );
    return send(await renderPage(app, request, { title, bodyClass: 'page admin-page', content, appEntries: ['admin'], runtime: false }));
  };

  app.get(CATALOGUE_ADMIN_PATH, async (request, reply) => screen(request, reply, 'products'));
  // Typed, not validated: a section that does not exist is the 404 page.
  app.get<{ Params: { section: string } }>(`${CATALOGUE_ADMIN_PATH}/:section`, async (request, reply) => {
    const { section } = request.params;
    if (!isSection(section)) return reply.callNotFound();
    return screen(request, reply, section);
  });
}
