import type { FastifyInstance } from 'fastify';
import { renderToStaticMarkup } from 'react-dom/server';
import { z } from 'zod';
import { linkableSearch, readPage, TERM, WIDGET_ID, writeWidgetFilters } from '../../../core/loop-filter/query-codec';
import { TAXONOMY_FILTER } from '../../../core/loop-filter/types';
// Through the widget list, never loop-grid.tsx directly: it renders item templates with element.tsx (a cycle).
import { widgets } from '../../../react-app/widgets';
import { widgetContext } from '../../../react-app/widgets/element';
import { loopGridKey } from '../../../react-app/widgets/loop/types';
import { errors } from '../../errors';
import { sanitize } from '../../services/sanitize';
import { findElement, loadLoopGrid } from '../../services/loop/loop-grid';
import { loopSourceOf } from '../../services/loop/sources';
import type { TaxonomyFilters } from '../../services/loop/types';
import { findDocumentWhere } from '../../services/documents/repository';
import { hasRole } from '../../services/users';
import { answers, id, withSchemas } from '../../validation';
import { withTemplateTags } from '../../render/dynamic-tags';
import * as contentApi from '../../../core/api/content';
import * as S from '../../../core/api/schemas/content';

// POST /wp-json/elementor-pro/v1/refresh-loop (docs/api.md): the loop grid's markup for the given filters.
// A read, so visitors need no nonce; edit mode (unsaved widget settings) needs an editor's nonce.

const clause = z.object({
  terms: z.array(z.string().regex(TERM, 'must be term slugs'), { error: 'must be a list of term slugs' }).max(50, 'has too many terms'),
  logicalJoin: z.enum(['AND', 'IN', 'NOT IN'], { error: 'must be AND, IN or NOT IN' }),
});

const emptyArrayAsObject = (v: unknown) => (Array.isArray(v) && v.length === 0 ? {} : v);

const body = z.object({
  post_id: id,
  widget_id: z.string({ error: 'must be a string' }).regex(WIDGET_ID, 'must be an element id'),
  widget_filters: z
    .preprocess(
      emptyArrayAsObject,
      z.record(z.string(), z.preprocess(emptyArrayAsObject, z.record(z.string(), clause)), { error: 'must be an object' }),
    )
    .default({}),
  pagination_base_url: z.string({ error: 'must be a string' }).max(2048, 'is too long').default(''),
  widget_model: z.record(z.string(), z.unknown(), { error: 'must be an object' }).optional(),
  is_edit_mode: z.boolean({ error: 'must be true or false' }).optional(),
});

const EDIT_ROLES = ['editor', 'administrator'];

/** Only the path and query of the base URL are used, so an answer never links off-site. */
function baseAddress(raw: string, fallbackPath: string): { path: string; search: string } {
  try {
    const url = new URL(raw || fallbackPath, 'http://localhost');
    return url.pathname.startsWith('/') ? { path: url.pathname, search: url.search } : { path: fallbackPath, search: '' };
  } catch {
    return { path: fallbackPath, search: '' };
  }
}

export async function refreshLoopRoutes(base: FastifyInstance): Promise<void> {
  const app = withSchemas(base);
  app.post(
    contentApi.refreshLoop.path,
    { config: { readOnly: true }, schema: { body, response: answers(contentApi.refreshLoop, S.loopRefresh) } },
    async (request, reply) => {
      const input = request.body;
      const edit = input.is_edit_mode === true;
      if (edit && (typeof request.headers['x-wp-nonce'] !== 'string' || !hasRole(request.visitor.user, ...EDIT_ROLES))) {
        throw errors.forbidden('Edit mode needs the X-WP-Nonce of a signed-in editor.');
      }
      const doc = await findDocumentWhere(app.db.kysely, input.post_id, { published: !edit });
      if (!doc) throw errors.badRequest(`Unknown post_id ${input.post_id}.`);
      const node = findElement(doc.tree, input.widget_id);
      if (!node || node.elType !== 'widget' || node.widgetType !== 'loop-grid')
        throw errors.badRequest(`Unknown widget_id "${input.widget_id}": post ${doc.id} has no loop grid with that id.`);

      const model = input.widget_model;
      const modelSettings =
        model && typeof model.settings === 'object' && model.settings !== null ? (model.settings as Record<string, unknown>) : model;
      const settings = edit && modelSettings ? { ...node.settings, ...modelSettings } : node.settings;
      const source = loopSourceOf(settings);

      const filters: TaxonomyFilters = {};
      for (const [filterType, byTaxonomy] of Object.entries(input.widget_filters)) {
        if (filterType !== TAXONOMY_FILTER)
          throw errors.invalidParam(`Unknown filter type "${filterType}" (known: ${TAXONOMY_FILTER}).`, {
            widget_filters: 'unknown filter type',
          });
        for (const [taxonomy, c] of Object.entries(byTaxonomy)) {
          if (!source.taxonomies.includes(taxonomy)) {
            throw errors.invalidParam(`Unknown taxonomy "${taxonomy}" for this loop grid (known: ${source.taxonomies.join(', ')}).`, {
              [`widget_filters.${filterType}`]: 'unknown taxonomy',
            });
          }
          if (c.terms.length) filters[taxonomy] = { terms: [...new Set(c.terms)], logicalJoin: c.logicalJoin };
        }
      }

      // The page: this widget's page parameter in the base URL (back/forward to a later page), else 1.
      const address = baseAddress(input.pagination_base_url, doc.slug === 'home' ? '/' : `/${doc.slug}`);
      const { path } = address;
      const search = linkableSearch(address.search);
      const gridNode = { ...node, settings };
      const loaded = await loadLoopGrid(app.db.kysely, gridNode, {
        filters,
        page: readPage(search, node.id),
        pageHref: (p) => `${path}${writeWidgetFilters(search, node.id, filters, p)}`,
      });
      // Edit mode shows tags as written (the editor's canvas does); a visitor's refresh resolves them as the page did.
      const data = edit ? loaded : await withTemplateTags(app, request, loaded);
      const markup = renderToStaticMarkup(
        <>
          {widgets['loop-grid'].render(
            settings,
            widgetContext({ sanitizeHtml: sanitize, isEdit: edit, data: { [loopGridKey(node.id)]: data } }),
            gridNode,
          )}
        </>,
      );
      return reply.header('Cache-Control', 'no-store').send({ data: markup });
    },
  );
}
