// The template library's registry of sections (tabs and sub-sections): each has a key and a title, an
// order (default 10), an optional availability check and initial state, and children. Children may take
// their parent's component and initial state (useParentDefault).

export interface TemplateSection<S = Record<string, unknown>, C = unknown> {
  key: string;
  title: string;
  description?: string;
  useParentDefault?: boolean;
  getInitialState?: () => S;
  component?: C;
  order?: number;
  isAvailable?: () => boolean;
  children?: TemplateSection<S, C>[];
}

export interface RegisteredSection<S = Record<string, unknown>, C = unknown> extends TemplateSection<S, C> {
  order: number;
  parent: string | null;
  children: RegisteredSection<S, C>[];
}

export const DEFAULT_ORDER = 10;
export const MISSING_KEY_OR_TITLE = 'Template type must have key and title';

export class TemplateRegistry<S = Record<string, unknown>, C = unknown> {
  private readonly sections = new Map<string, RegisteredSection<S, C>>();

  register(section: TemplateSection<S, C>, parent: RegisteredSection<S, C> | null = null): RegisteredSection<S, C> {
    if (!section || !section.key || !section.title) throw new Error(MISSING_KEY_OR_TITLE);
    const inherited = parent && section.useParentDefault ? { component: parent.component, getInitialState: parent.getInitialState } : {};
    const entry: RegisteredSection<S, C> = {
      ...inherited,
      ...section,
      component: section.component ?? inherited.component,
      getInitialState: section.getInitialState ?? inherited.getInitialState,
      order: section.order ?? DEFAULT_ORDER,
      parent: parent?.key ?? null,
      children: [],
    };
    entry.children = (section.children ?? []).map((child) => this.register(child, entry));
    if (!parent) this.sections.set(entry.key, entry);
    return entry;
  }

  get(key: string): RegisteredSection<S, C> | undefined {
    const find = (list: RegisteredSection<S, C>[]): RegisteredSection<S, C> | undefined => {
      for (const s of list) {
        if (s.key === key) return s;
        const inner = find(s.children);
        if (inner) return inner;
      }
      return undefined;
    };
    return find([...this.sections.values()]);
  }

  /** Top-level sections that are available, by order then registration. */
  getAll(): RegisteredSection<S, C>[] {
    return sortAvailable([...this.sections.values()]);
  }

  childrenOf(key: string): RegisteredSection<S, C>[] {
    return sortAvailable(this.get(key)?.children ?? []);
  }

  initialState(key: string): S | Record<string, never> {
    return this.get(key)?.getInitialState?.() ?? {};
  }
}

function sortAvailable<T extends { order: number; isAvailable?: () => boolean }>(list: T[]): T[] {
  return list
    .map((s, i) => ({ s, i }))
    .filter(({ s }) => !s.isAvailable || s.isAvailable())
    .sort((a, b) => a.s.order - b.s.order || a.i - b.i)
    .map(({ s }) => s);
}
