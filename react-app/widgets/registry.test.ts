import { readdirSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { defaultRegistry } from '../../core/handlers/manifest';
import { HandlerRegistry, type HandlerEntry } from '../../core/handlers/registry';
import { widgets } from './index';
import type { WidgetDefinition } from './types';

// A widget is its module in react-app/widgets/ plus one line in index.ts (the registry SSR and the editor read);
// its front-end behaviour is one line of core/handlers/manifest.ts. A widget written but not registered, or a
// registry or manifest line naming no widget, is refused here.

const isWidget = (v: unknown): v is WidgetDefinition =>
  typeof v === 'object' &&
  v !== null &&
  typeof (v as WidgetDefinition).type === 'string' &&
  typeof (v as WidgetDefinition).render === 'function';

async function definedWidgets(): Promise<string[]> {
  const files = readdirSync(import.meta.dirname).filter((f) => /\.tsx$/.test(f) && !f.includes('.test.'));
  const types: string[] = [];
  for (const file of files)
    for (const value of Object.values(await import(/* @vite-ignore */ `./${file}`))) if (isWidget(value)) types.push(value.type);
  return types;
}

/** Widgets defined but not registered, and registered types with no definition behind them. */
function registryProblems(defined: string[], registered: Record<string, WidgetDefinition>, manifestWidgets: string[]): string[] {
  return [
    ...defined.filter((t) => !registered[t]).map((t) => `${t}: defined, not in index.ts`),
    ...Object.entries(registered)
      .filter(([type, w]) => w.type !== type || !defined.includes(type))
      .map(([type]) => `${type}: in index.ts, no widget module defines it`),
    ...manifestWidgets.filter((t) => !registered[t]).map((t) => `${t}: a manifest line for a widget that is not registered`),
  ];
}

function manifestWidgets(): string[] {
  const entries: HandlerEntry[] = [];
  const register = vi.spyOn(HandlerRegistry.prototype, 'register').mockImplementation(function (this: HandlerRegistry, entry) {
    entries.push(entry);
    return this;
  });
  try {
    defaultRegistry();
  } finally {
    register.mockRestore();
  }
  return entries.flatMap((e) => (e.widget ? [e.widget] : []));
}

describe('the widget registry', () => {
  it('registers every widget module defines, and nothing else', async () => {
    expect(registryProblems(await definedWidgets(), widgets, manifestWidgets())).toEqual([]);
  });

  it('refuses a widget folder without its registry line, and a registry line without its widget', async () => {
    const defined = [...(await definedWidgets()), 'probe-widget'];
    const withOrphan = { ...widgets, 'probe-line': { ...widgets.heading, type: 'probe-line' } };
    expect(registryProblems(defined, withOrphan, [...manifestWidgets(), 'probe-manifest'])).toEqual([
      'probe-widget: defined, not in index.ts',
      'probe-line: in index.ts, no widget module defines it',
      'probe-manifest: a manifest line for a widget that is not registered',
    ]);
  });
});
