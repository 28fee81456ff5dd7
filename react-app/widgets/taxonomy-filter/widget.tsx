import { taxonomyFilterKey, type TaxonomyFilterData } from '../loop/types';
import { choices, str, type WidgetDefinition } from '../types';
import { EXCLUDED_LABEL } from '../../../core/loop-filter/term-state';

// The taxonomy filter (docs/behaviour.md): the terms of one taxonomy with their counts, for the loop grid named by
// `selected_element`. Each term is a link to the filtered address, so it works without JavaScript; the
// runtime (core/loop-filter) turns clicks into a refresh of the grid. Selection: single or multiple
// (`multiple_selection`), combined with `logical_combination` AND or OR.

export const taxonomyFilter: WidgetDefinition = {
  type: 'taxonomy-filter',
  behaviour: { chunk: 'taxonomy-filter' },
  title: 'Taxonomy Filter',
  frontendSettings: ['selected_element', 'taxonomy', 'multiple_selection', 'logical_combination'],
  controls: [
    { key: 'selected_element', label: 'Loop grid (element id)', type: 'text' },
    {
      key: 'taxonomy',
      label: 'Taxonomy',
      type: 'select',
      options: choices({ course: 'Course', cuisine: 'Cuisine', diet: 'Diet', department: 'Department' }),
    },
    { key: 'title', label: 'Title', type: 'text' },
    { key: 'first_item_title', label: 'First item title', type: 'text' },
    { key: 'show_counter', label: 'Show counts', type: 'switcher' },
    { key: 'multiple_selection', label: 'Multiple selection', type: 'switcher' },
    { key: 'logical_combination', label: 'Logical combination', type: 'select', options: choices({ AND: 'AND', OR: 'OR', NOT: 'NOT' }) },
  ],
  defaults: { taxonomy: 'course', title: 'Course' },
  render: (s, ctx, node) => {
    const data = ctx.data[taxonomyFilterKey(node.id)] as TaxonomyFilterData | undefined;
    if (!data) return ctx.isEdit ? <p>Choose a loop grid and a taxonomy.</p> : null;
    const titleId = `e-filter-title-${node.id}`;
    const title = str(s.title) || str(s.taxonomy);
    const showCount = str(s.show_counter, 'yes') === 'yes';
    return (
      <nav className="e-filter" aria-labelledby={titleId} data-multiple={s.multiple_selection === 'yes' ? 'true' : undefined}>
        <p className="e-filter-title" id={titleId}>
          {title}
        </p>
        <div className="e-filter-items">
          <a
            className={`e-filter-item${data.allSelected ? ' e-active' : ''}`}
            data-filter="__all"
            href={data.allHref}
            aria-current={data.allSelected ? 'true' : undefined}
          >
            {str(s.first_item_title) || 'All'}
          </a>
          {data.terms.map((t) => (
            <a
              key={t.slug}
              className={`e-filter-item${t.selected ? ' e-active' : ''}${t.excluded ? ' e-excluded' : ''}`}
              data-filter={t.slug}
              href={t.href}
              aria-current={t.selected ? 'true' : undefined}
            >
              {t.name}
              {showCount ? <span className="e-filter-count"> ({t.count})</span> : null}
              {t.excluded ? <span className="e-filter-excluded visually-hidden"> ({EXCLUDED_LABEL})</span> : null}
            </a>
          ))}
        </div>
      </nav>
    );
  },
};
