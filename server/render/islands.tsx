import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import StorePicker from '../../react-app/islands/store-picker';

// Server-side island components (the client loads the same modules lazily through islands/registry.ts).
const components: Record<string, ComponentType<never>> = {
  'store-picker': StorePicker as ComponentType<never>,
};

export function renderIsland(name: string, props: unknown): string {
  const Component = components[name];
  return Component ? renderToString(createElement(Component, props as never)) : '';
}
