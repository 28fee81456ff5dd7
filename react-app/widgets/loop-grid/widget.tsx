import type { CSSProperties } from 'react';
import { fillTemplate } from '../loop/fill-template';
import { loopGridKey, type LoopGridData } from '../loop/types';
import { choices, str, type WidgetDefinition } from '../types';

// The loop grid (docs/behaviour.md): items rendered through a loop-item template document, a result count and page
// links whose page parameter (e-page-{widgetId}) belongs to this widget. The server loads the data
// (server/render/widget-data.ts) from the `source`, the address's filters and the widget's page.
// Item templates render with element.tsx, which imports the widget list: import this widget through
// ./index (or element.tsx), never first on its own.

const columns = (v: unknown, fallback: number): number => {
  const n = Number(v);
  return Number.isInteger(n) && n >= 1 && n <= 6 ? n : fallback;
};

function Pagination({ data }: { data: LoopGridData }) {
  if (data.pages < 2) return null;
  const link = (page: number, label: string, rel?: string) => (
    <a
      key={label}
      className="page-numbers"
      href={data.pageHrefs[page - 1]}
      rel={rel}
      aria-current={page === data.page && !rel ? 'page' : undefined}
    >
      {label}
    </a>
  );
  return (
    <nav className="elementor-pagination" aria-label="Pages">
      {data.page > 1 ? link(data.page - 1, 'Previous', 'prev') : null}
      {data.pageHrefs.map((_h, i) => link(i + 1, String(i + 1)))}
      {data.page < data.pages ? link(data.page + 1, 'Next', 'next') : null}
    </nav>
  );
}

export const loopGrid: WidgetDefinition = {
  type: 'loop-grid',
  behaviour: { chunk: 'loop-grid' },
  title: 'Loop Grid',
  frontendSettings: ['source', 'template_id', 'posts_per_page', 'pagination_type'],
  controls: [
    { key: 'source', label: 'Source', type: 'select', options: choices({ recipes: 'Recipes', products: 'Products' }) },
    { key: 'template_id', label: 'Loop item template (document id)', type: 'number', min: 1 },
    { key: 'posts_per_page', label: 'Items per page', type: 'number', min: 1, max: 60 },
    { key: 'columns', label: 'Columns', type: 'number', min: 1, max: 6, responsive: true },
    { key: 'pagination_type', label: 'Pagination', type: 'select', options: choices({ '': 'Numbers', numbers: 'Numbers', none: 'None' }) },
    { key: 'nothing_found_message', label: 'Nothing found message', type: 'text' },
  ],
  defaults: { source: 'recipes', template_id: 70 },
  render: (s, ctx, node) => {
    const data = ctx.data[loopGridKey(node.id)] as LoopGridData | undefined;
    if (!data) return ctx.isEdit ? <p className="e-loop-nothing-found-message">Choose a loop item template and a source.</p> : null;
    const style = {
      '--grid-columns': columns(s.columns, 4),
      '--grid-columns-tablet': columns(s.columns_tablet, 2),
      '--grid-columns-mobile': columns(s.columns_mobile, 1),
    } as CSSProperties;
    const noun = data.total === 1 ? data.noun[0] : data.noun[1];
    return (
      <>
        {/* The grid's own heading: cards' headings (h3) follow it, not the page's h1 directly. */}
        <h2 className="visually-hidden">{`Matching ${data.noun[1]}`}</h2>
        <p className="e-loop-count" role="status">
          {data.total} {noun}
          {data.pages > 1 ? ` · page ${data.page} of ${data.pages}` : ''}
        </p>
        {data.items.length ? (
          <div className="elementor-loop-container elementor-grid" role="list" style={style}>
            {data.items.map((item) => (
              <div
                key={item.id}
                role="listitem"
                className={`e-loop-item e-loop-item-${item.id}`}
                data-elementor-type="loop-item"
                data-elementor-id={data.templateId}
              >
                {fillTemplate(data.template, item).map(ctx.renderElement)}
              </div>
            ))}
          </div>
        ) : (
          <p className="e-loop-nothing-found-message">{str(s.nothing_found_message) || `No ${data.noun[1]} match these filters.`}</p>
        )}
        {str(s.pagination_type, 'numbers') === 'none' ? null : <Pagination data={data} />}
      </>
    );
  },
};
