// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ProductsScreen } from './ProductsScreen';

// A merchandiser who opens "New product" before the departments have arrived (a slow line, a busy server):
// the department shown and the one saved are the same, never "0" behind a select that shows the first one.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
let releaseDepartments: () => void;
const posted: unknown[] = [];

const departments = {
  items: [
    { id: 7, title: 'Bakery', catalog: 'grocery', parent_id: null },
    { id: 9, title: 'Produce', catalog: 'grocery', parent_id: null },
  ],
};
const emptyPage = { items: [], total: 0, page: 1, per_page: 25, pages: 1 };

beforeEach(() => {
  host = document.createElement('div');
  document.body.append(host);
  root = createRoot(host);
  const departmentsArrive = new Promise<void>((r) => {
    releaseDepartments = r;
  });
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, 'http://localhost').pathname;
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return Response.json({ code: 'rest_invalid_param', message: 'Invalid parameter(s): name' }, { status: 400 });
      }
      if (path.endsWith('/departments')) {
        await departmentsArrive;
        return Response.json(departments);
      }
      if (path.endsWith('/products')) return Response.json(emptyPage);
      return Response.json({ code: 'missing', message: 'Not found.' }, { status: 404 });
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  host.remove();
  vi.unstubAllGlobals();
});

const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const button = (name: string) => [...host.querySelectorAll('button')].find((b) => b.textContent === name)!;
const departmentSelect = () => host.querySelector<HTMLSelectElement>('#product-department_id')!;

it('a new product opened before the departments arrive takes the first department once they do, and saves it', async () => {
  await act(async () => root.render(<ProductsScreen />));
  await act(async () => button('New product').click());
  // Nothing to choose from yet: the select says so instead of showing a department the form does not hold.
  expect(departmentSelect().selectedOptions[0]?.textContent).toBe('Choose…');

  releaseDepartments();
  await settle();
  expect(departmentSelect().value).toBe('7');
  expect(departmentSelect().selectedOptions[0]?.textContent).toBe('Bakery (grocery)');

  await act(async () => button('Save product').click());
  await settle();
  expect(posted).toEqual([expect.objectContaining({ department_id: 7 })]);
});
