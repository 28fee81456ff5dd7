import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { z } from 'zod';
import { safeRedirect } from '../../auth/guards';
import { can, type Capability } from '../../services/capabilities';
import { checkLoginFormNonce, loginFormNonce } from '../../auth/login-csrf';
import { signIn } from '../../auth/sign-in';
import { acceptForms } from '../../plugins/form-body';
import { renderPage } from '../../render/page';
import { scriptJson } from '../../render/site-config';
import { loadWidgetData } from '../../render/widget-data';
import { loadEditorIslands, pagePath } from '../../render/editor-islands';
import { findDocument } from '../../services/documents/repository';
import { id } from '../../validation';
import { hasControlCharacters } from '../../../core/security/control-characters';
import { STAFF_ORDERS_PATH } from '../../../core/shop/staff-orders';
import { CATALOGUE_ADMIN_PATH } from '../../../core/wire/catalogue-admin';
import { ADMIN_SCREENS, adminScreenPath, EDITOR_SCREENS } from '../../../core/wire/admin-screens';
import type { User } from '../../services/users';
import { documentRights } from '../../services/editorial/policy';
import { mayEdit, mayPublish } from '../../../core/wire/editorial';

// The browser side of the editor and admin screens: a sign-in page, the editor preview, the admin screens.
// Anonymous visitors are sent to /login?redirect_to=…; signed-in users without the role get a 403 page.

/** Screens of the catalogue (administrators and merchandisers). */
const CATALOGUE_SCREENS = new Set(['imports']);
/** Screens of everyone who edits documents, contributors included (the policy filters what they list). */
const CONTENT_SCREENS = new Set(['documents', 'reviews']);
const capabilityOf = (screen: string): Capability =>
  CONTENT_SCREENS.has(screen)
    ? 'edit_content'
    : EDITOR_SCREENS.has(screen)
      ? 'edit_pages'
      : CATALOGUE_SCREENS.has(screen)
        ? 'manage_catalogue'
        : 'manage_options';

/** Where signing in without redirect_to lands: editors on the admin, merchandisers on the catalogue, store staff on their orders screen. */
function landingOf(user: User): string {
  if (can(user, 'edit_pages')) return '/admin';
  if (can(user, 'edit_content')) return '/admin/documents';
  if (can(user, 'manage_catalogue')) return CATALOGUE_ADMIN_PATH;
  return can(user, 'manage_orders') ? STAFF_ORDERS_PATH : '/shop#!/account';
}

const noControls = (v: string) => !hasControlCharacters(v);
const signInForm = z.object({
  email: z.string().trim().max(254).refine(noControls),
  password: z.string().max(200),
  _wpnonce: z.string().max(20),
  redirect_to: z.string().max(300).optional(),
});

function LoginForm({ nonce, redirectTo, error, email }: { nonce: string; redirectTo: string; error?: string; email?: string }) {
  return (
    <section className="wrap login-screen">
      <h1>Sign in to edit the site</h1>
      <form method="post" action="/login" className="login-form" noValidate>
        <input type="hidden" name="_wpnonce" value={nonce} />
        <input type="hidden" name="redirect_to" value={redirectTo} />
        {error ? (
          <p className="form-error" role="alert" id="login-error">
            {error}
          </p>
        ) : null}
        <p>
          <label htmlFor="login-email">Email</label>
          <input
            id="login-email"
            name="email"
            type="email"
            autoComplete="username"
            required
            defaultValue={email}
            aria-describedby={error ? 'login-error' : undefined}
          />
        </p>
        <p>
          <label htmlFor="login-password">Password</label>
          <input id="login-password" name="password" type="password" autoComplete="current-password" required />
        </p>
        <button type="submit" className="button">
          Sign in
        </button>
      </form>
    </section>
  );
}

export async function screenRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  // TinyMCE, self-hosted from the tinymce package: no cloud, no API key.
  await app.register(fastifyStatic, {
    root: join(process.cwd(), 'node_modules/tinymce'),
    prefix: '/assets/tinymce/',
    // The editor's files only: not the package's package.json, readme or licence metadata.
    allowedPath: (path) => /\.(js|css|woff2?|ttf|svg|png|gif)$/.test(path),
    decorateReply: false,
    index: false,
    maxAge: '7d',
  });

  acceptForms(app);

  const sendHtml = (reply: FastifyReply, html: string, status = 200) =>
    reply.code(status).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(html);

  const loginPage = async (
    request: FastifyRequest,
    reply: FastifyReply,
    redirectTo: string,
    status = 200,
    error?: string,
    email?: string,
  ) =>
    sendHtml(
      reply,
      await renderPage(app, request, {
        title: 'Sign in',
        bodyClass: 'page login-page',
        content: <LoginForm nonce={loginFormNonce(app, request, reply)} redirectTo={redirectTo} error={error} email={email} />,
      }),
      status,
    );

  /** true when the screen may be shown; otherwise the answer (redirect or 403 page) has been sent. */
  const guard = async (request: FastifyRequest, reply: FastifyReply, capability: Capability): Promise<boolean> => {
    if (can(request.visitor.user, capability)) return true;
    if (!request.visitor.user) {
      // Only a short way back (safeRedirect takes 300 characters at most): a long query must not make the
      // Location header huge.
      const back = request.url.length <= 300 ? request.url : request.url.split('?')[0].slice(0, 300);
      await reply.redirect(`/login?redirect_to=${encodeURIComponent(back)}`, 302);
      return false;
    }
    const content = (
      <section className="wrap">
        <h1>You do not have access to this screen</h1>
        <p>Sign in with an editor or administrator account.</p>
      </section>
    );
    await sendHtml(reply, await renderPage(app, request, { title: 'Access denied', content }), 403);
    return false;
  };

  // Screens are typed, not validated: what is not a page answers the login page or the 404 page, not a 400.
  app.get<{ Querystring: { redirect_to?: unknown } }>('/login', async (request, reply) => {
    // No redirect_to: the form carries none, and the account's own screen is chosen once it is known.
    const redirectTo = safeRedirect(request.query.redirect_to, '');
    const user = request.visitor.user;
    if (user && can(user, 'edit_content')) return reply.redirect(redirectTo || landingOf(user), 302);
    if (user && !redirectTo && (can(user, 'manage_orders') || can(user, 'manage_catalogue'))) return reply.redirect(landingOf(user), 302);
    return loginPage(request, reply, redirectTo);
  });

  app.post('/login', async (request, reply) => {
    const parsed = signInForm.safeParse(request.body ?? {});
    const body = parsed.success ? parsed.data : null;
    const redirectTo = safeRedirect(body?.redirect_to, '');
    if (!body || !checkLoginFormNonce(app, request, body._wpnonce)) {
      return loginPage(request, reply, redirectTo, 403, 'Your sign-in form expired. Please try again.');
    }
    if (!body.email || !body.password)
      return loginPage(request, reply, redirectTo, 400, 'Enter your email address and password.', body.email);
    const outcome = await signIn(app, request, reply, body.email, body.password);
    if (!outcome.ok && outcome.reason === 'limited')
      return loginPage(request, reply, redirectTo, 429, 'Too many attempts. Wait a minute and try again.', body.email);
    if (!outcome.ok) return loginPage(request, reply, redirectTo, 401, 'The email or password is incorrect.', body.email);
    return reply.redirect(redirectTo || landingOf(outcome.user), 303);
  });

  app.get<{ Params: { id: string } }>('/editor/:id', async (request, reply) => {
    if (!(await guard(request, reply, 'edit_content'))) return reply;
    const parsed = id.safeParse(request.params.id);
    const doc = parsed.success ? await findDocument(db, parsed.data) : undefined;
    if (!doc) return reply.callNotFound();
    // The role manager's policy: a type the role may not edit is refused; a role that only submits gets no Publish.
    const rights = await documentRights(db, request.visitor.user);
    if (!mayEdit(rights, doc.type)) {
      const denied = (
        <section className="wrap">
          <h1>You may not edit this document</h1>
          <p>Your role does not edit documents of this type. An administrator can change that in Roles.</p>
        </section>
      );
      return sendHtml(reply, await renderPage(app, request, { title: 'Access denied', content: denied }), 403);
    }
    const draft = doc.draft;
    const tree = draft ?? doc.tree;
    // Database content for widgets that show it (loop grids, filters), as the published page gets it.
    const widgetData: Record<string, unknown> = {};
    await loadWidgetData(app, request, tree, widgetData).catch((error: unknown) => request.log.warn(error, 'editor widget data failed'));
    await loadEditorIslands(app, request, tree, widgetData, pagePath(doc), doc.draft_settings ?? doc.settings);
    const data = {
      id: doc.id,
      type: doc.type,
      slug: doc.slug,
      title: doc.title,
      status: doc.status,
      tree,
      has_draft: !!draft,
      version: doc.version,
      publish_at: doc.publish_at,
      unpublish_at: doc.unpublish_at,
      widget_data: widgetData,
      may_publish: mayPublish(rights, doc.type),
    };
    // The editor takes the whole window (no site header or banner): its own top bar, panels and canvas.
    const content = (
      <div className="editor-screen">
        <script type="application/json" id="editor-document" dangerouslySetInnerHTML={{ __html: scriptJson(data) }} />
        <div id="editor-root">
          <main className="wrap">
            <h1>Edit: {doc.title}</h1>
            <p>Loading the editor…</p>
          </main>
        </div>
      </div>
    );
    const html = await renderPage(app, request, {
      title: `Edit: ${doc.title}`,
      bodyClass: 'page editor-page',
      content,
      appEntries: ['editor/main'],
      runtime: false,
      page: { id: doc.id },
      bare: true,
    });
    return sendHtml(reply, html);
  });

  // The editor's canvas: an empty page with the site's stylesheets and a runtime in edit mode, in an iframe at
  // the previewed device's width; the editor renders the document into it (react-app/editor/canvas-main.ts).
  app.get<{ Params: { id: string } }>('/editor/:id/canvas', async (request, reply) => {
    // Whoever may open the document's editor may load its canvas (contributors included, by the role manager's policy).
    if (!(await guard(request, reply, 'edit_content'))) return reply;
    const parsed = id.safeParse(request.params.id);
    const doc = parsed.success ? await findDocument(db, parsed.data) : undefined;
    if (!doc) return reply.callNotFound();
    if (!mayEdit(await documentRights(db, request.visitor.user), doc.type))
      return reply
        .code(403)
        .send({ code: 'rest_forbidden', message: 'Your role does not edit documents of this type.', data: { status: 403 } });
    const html = await renderPage(app, request, {
      title: `Canvas: ${doc.title}`,
      bodyClass: 'page editor-canvas-page',
      content: <main id="editor-canvas-root" className="site-content editor-canvas-root" />,
      appEntries: ['editor/canvas-main'],
      runtime: false,
      page: { id: doc.id },
      bare: true,
    });
    return sendHtml(reply, html);
  });

  // /admin is the dashboard (recent documents, scheduled changes, content performance); other staff land on their screen.
  const adminScreen = async (request: FastifyRequest, reply: FastifyReply, screen: string) => {
    if (screen === 'dashboard' && request.visitor.user && !can(request.visitor.user, 'edit_pages'))
      return reply.redirect(landingOf(request.visitor.user), 302);
    const capability = capabilityOf(screen);
    if (!(await guard(request, reply, capability))) return reply;
    const user = request.visitor.user!;
    const content = (
      <div className="wrap admin-screen">
        <nav className="admin-nav" aria-label="Admin">
          <ul>
            {Object.entries(ADMIN_SCREENS)
              .filter(([key]) => can(user, capabilityOf(key)))
              .map(([key, title]) => (
                <li key={key}>
                  <a href={adminScreenPath(key)} aria-current={key === screen ? 'page' : undefined}>
                    {title}
                  </a>
                </li>
              ))}
          </ul>
        </nav>
        <h1>{ADMIN_SCREENS[screen]}</h1>
        <div
          id="admin-root"
          data-screen={screen}
          data-can-manage={can(user, 'manage_options') ? 'yes' : 'no'}
          data-can-publish={(await documentRights(db, user)).publish.length ? 'yes' : 'no'}
        />
      </div>
    );
    return sendHtml(
      reply,
      await renderPage(app, request, {
        title: ADMIN_SCREENS[screen],
        bodyClass: 'page admin-page',
        content,
        appEntries: ['admin'],
        runtime: false,
      }),
    );
  };
  app.get('/admin', async (request, reply) => adminScreen(request, reply, 'dashboard'));
  app.get<{ Params: { screen: string } }>('/admin/:screen', async (request, reply) => {
    const { screen } = request.params;
    if (!Object.prototype.hasOwnProperty.call(ADMIN_SCREENS, screen)) return reply.callNotFound();
    return adminScreen(request, reply, screen);
  });
}
