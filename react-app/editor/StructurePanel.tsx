import { widgets } from '../widgets';
import type { ElementNode } from '../widgets/types';

// The document's structure as nested lists of buttons: selecting here is the keyboard path to every element.
function label(node: ElementNode): string {
  if (node.elType === 'container') return 'Container';
  const def = widgets[node.widgetType ?? ''];
  const title =
    typeof node.settings.title === 'string'
      ? `: ${node.settings.title}`
      : typeof node.settings.carousel_name === 'string'
        ? `: ${node.settings.carousel_name}`
        : '';
  return `${def?.title ?? node.widgetType ?? 'Widget'}${title}`.slice(0, 60);
}

function Items({ nodes, selected, onSelect }: { nodes: ElementNode[]; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <ul>
      {nodes.map((n) => (
        <li key={n.id}>
          <button type="button" className="editor-structure__item" aria-pressed={selected === n.id} onClick={() => onSelect(n.id)}>
            {label(n)}
          </button>
          {n.elements.length ? <Items nodes={n.elements} selected={selected} onSelect={onSelect} /> : null}
        </li>
      ))}
    </ul>
  );
}

export function StructurePanel(props: { tree: ElementNode[]; selected: string | null; onSelect: (id: string) => void }) {
  return (
    <nav className="editor-structure" aria-label="Structure">
      {props.tree.length ? (
        <Items nodes={props.tree} selected={props.selected} onSelect={props.onSelect} />
      ) : (
        <p>The page is empty. Add a container or a widget.</p>
      )}
    </nav>
  );
}
