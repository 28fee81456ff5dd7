import { createElement, startTransition, useEffect, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import type { IslandName, IslandProps } from '../../core/wire/islands';
import { ISLAND_HYDRATION } from './hydration';

// Hydrates one island (loaded by react-app/islands/main.tsx when the island's policy says). What the visitor did
// before React was there is not lost: fields they changed are put back to the server's values while React takes
// the markup over, then changed again as a visitor would (so the component's state follows), and the held clicks
// and submissions are replayed on their targets.

export interface Held {
  type: 'click' | 'submit';
  target: Element;
  submitter: HTMLElement | null;
}

/** The props the server rendered the island with (its wire type, core/wire/islands.ts). */
function readProps<N extends IslandName>(node: HTMLElement, name: N): IslandProps[N] {
  try {
    return JSON.parse(node.dataset.props ?? '{}') as IslandProps[N];
  } catch {
    console.warn(`Invalid island props for ${name}`);
    return {} as IslandProps[N];
  }
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The fields the visitor changed, each put back to the server's value, with a way to change it again. */
function takeChanges(node: HTMLElement): Array<() => void> {
  const again: Array<() => void> = [];
  for (const field of node.querySelectorAll<Field>('input, textarea, select')) {
    if (field instanceof HTMLSelectElement) {
      const chosen = [...field.options].map((o) => o.selected);
      if (chosen.every((on, i) => on === field.options[i].defaultSelected)) continue;
      for (const o of field.options) o.selected = o.defaultSelected;
      again.push(() => {
        chosen.forEach((on, i) => (field.options[i].selected = on));
        field.dispatchEvent(new Event('change', { bubbles: true }));
      });
    } else if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio')) {
      if (field.checked === field.defaultChecked) continue;
      const checked = field.checked;
      field.checked = field.defaultChecked;
      // A click toggles it as the visitor did, and React hears the change (it listens to clicks for these).
      if (checked || field.type === 'checkbox') again.push(() => field.click());
    } else {
      if (field.value === field.defaultValue) continue;
      const value = field.value;
      field.value = field.defaultValue;
      // The prototype's setter: React's value tracker still holds the server's value, so the input event is a change.
      const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field) as object, 'value')?.set;
      again.push(() => {
        setter?.call(field, value);
        field.dispatchEvent(new Event('input', { bubbles: true }));
      });
    }
  }
  return again;
}

/** The next task: the renders of the event before have been committed, its handlers see the new state. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

/**
 * Changes the fields again, one event a task (a component whose handler spreads the state it rendered with, as
 * `setValues({ ...values, name })`, would otherwise keep only the last), then replays what was held.
 */
async function replay(node: HTMLElement, again: Array<() => void>, releaseHeld: () => Held[]): Promise<void> {
  for (const change of again) {
    change();
    await nextTask();
  }
  const held = releaseHeld();
  node.dataset.hydrated = 'true';
  for (const h of held) {
    if (!h.target.isConnected) continue;
    if (h.type === 'submit' && h.target instanceof HTMLFormElement) h.target.requestSubmit(h.submitter);
    else if (h.type === 'click' && h.target instanceof HTMLElement) h.target.click();
    await nextTask();
  }
}

function Hydrated({ children, onCommit }: { children?: ReactNode; onCommit: () => void }): ReactNode {
  useEffect(onCommit, [onCommit]);
  return children;
}

export function hydrate<N extends IslandName>(
  node: HTMLElement,
  name: N,
  Component: ComponentType<IslandProps[N]>,
  releaseHeld: () => Held[],
): void {
  const again = takeChanges(node);
  const onCommit = () => void replay(node, again, releaseHeld);
  const element = createElement(Hydrated, { onCommit }, createElement(Component, readProps(node, name)));
  // An island hydrating as the page loads does it as a transition, which yields to the browser every few
  // milliseconds instead of holding the main thread for the whole tree; one the visitor reached for hydrates now.
  if (ISLAND_HYDRATION[name] === 'load' || ISLAND_HYDRATION[name] === 'route') startTransition(() => void hydrateRoot(node, element));
  else hydrateRoot(node, element);
}
