import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ElementNode } from '../../core/wire/document';
import type { ThemePlace } from '../../core/theme/conditions';
import { departmentTrail, loadPublishedTemplates, templateFor, type ThemeTemplate } from '../services/theme/templates';

// Theme templates in a page render (docs/editor.md, "Theme builder"). A single template replaces the body of a
// product, recipe or store page; an archive template wraps a listing page; header and footer templates replace
// the site chrome. Where a template holds the "Page content" widget, the page's own content goes there. A
// template that is only the site header (or footer, or page content) widget is today's page: rendered exactly
// as without one. Reading templates never fails a page: without them it is built as it always was.

const perRequest = new WeakMap<FastifyRequest, Promise<ThemeTemplate[]>>();
// The published templates, kept per server while the page-cache version (which every document write moves) stays
// and no schedule passes: a page render then reads no template from the database.
const perApp = new WeakMap<FastifyInstance, { version: string; until: number; loaded: Promise<ThemeTemplate[]> }>();

function load(app: FastifyInstance, request: FastifyRequest): Promise<ThemeTemplate[]> {
  const version = request.pageCache?.version;
  const now = Date.now();
  const known = perApp.get(app);
  if (version && known && known.version === version && now < known.until) return known.loaded;
  const entry = { version: version ?? '', until: Infinity, loaded: Promise.resolve<ThemeTemplate[]>([]) };
  entry.loaded = loadPublishedTemplates(app.db.kysely, now).then((l) => {
    entry.until = l.until;
    return l.templates;
  });
  if (version) perApp.set(app, entry);
  entry.loaded.catch(() => perApp.get(app) === entry && perApp.delete(app));
  return entry.loaded;
}

function themesOf(app: FastifyInstance, request: FastifyRequest): Promise<ThemeTemplate[]> {
  let themes = perRequest.get(request);
  if (!themes) {
    themes = load(app, request).catch((error: unknown) => {
      request.log.error(error, 'theme templates could not be read'); // the page renders without them
      return [];
    });
    perRequest.set(request, themes);
  }
  return themes;
}

/** The template of a location for this page, or null. */
export async function themeTemplate(
  app: FastifyInstance,
  request: FastifyRequest,
  location: 'header' | 'footer' | 'single' | 'archive',
  place: ThemePlace,
): Promise<ThemeTemplate | null> {
  return templateFor(await themesOf(app, request), location, place);
}

/** The template's tree with every "Page content" widget replaced by the page's own elements. */
export function spliceContent(tree: ElementNode[], content: ElementNode[]): ElementNode[] {
  return tree.flatMap((n) =>
    n.elType === 'widget' && n.widgetType === 'theme-content' ? content : [{ ...n, elements: spliceContent(n.elements ?? [], content) }],
  );
}

/** A template that is just the one part widget, with no settings of its own: the page as it is without it. */
export const isPlainPart = (tree: ElementNode[], widgetType: string): boolean =>
  tree.length === 1 && tree[0].widgetType === widgetType && Object.keys(tree[0].settings).length === 0 && !tree[0].elements?.length;

/**
 * The body of a single or archive page: the template's tree with the page's own elements spliced into its "Page
 * content" widgets, or the page's own elements when no template applies.
 */
export async function themedBody(
  app: FastifyInstance,
  request: FastifyRequest,
  location: 'single' | 'archive',
  place: ThemePlace,
  own: ElementNode[],
): Promise<{ tree: ElementNode[]; templateId: number | null }> {
  const template = await themeTemplate(app, request, location, place);
  if (!template) return { tree: own, templateId: null };
  return { tree: spliceContent(template.tree, own), templateId: template.id };
}

/** A product page as conditions see it; its departments are read only when some template names a department. */
export async function productPlace(app: FastifyInstance, request: FastifyRequest, slug: string, departmentId: number): Promise<ThemePlace> {
  const themes = await themesOf(app, request);
  const byDepartment = themes.some((t) => t.theme.conditions.some((c) => c.rule === 'department'));
  return { kind: 'product', slug, departments: byDepartment ? await departmentTrail(app.db.kysely, departmentId) : [] };
}
