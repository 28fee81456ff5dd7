// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { z } from 'zod';
import { endpoint } from '../core/api/endpoint';
import { useAdminData } from './use-admin-data';

// The admin screens' data: loaded when the screen opens and when its path changes, reloaded on request, a
// failure reported (or ignored) while what was shown stays.

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let host: HTMLDivElement;
let root: Root;
interface Answer {
  status: number;
  body: unknown;
  /** The answer arrives when this settles (default: at once). */
  after?: Promise<void>;
}
let answers: Record<string, Answer[]>;
let calls: string[];

beforeEach(() => {
  host = document.createElement('div');
  root = createRoot(host);
  answers = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(url);
      const next = answers[url]?.shift() ?? { status: 404, body: { code: 'missing', message: 'Not found.' } };
      await next.after;
      return Response.json(next.body, { status: next.status });
    }),
  );
});
afterEach(() => {
  act(() => root.unmount());
  vi.unstubAllGlobals();
});

function Probe({ path, onError }: { path: string; onError?: (message: string) => void }) {
  const [data, reload] = useAdminData(endpoint<z.ZodType<{ n: number }>>()('GET', path), onError);
  return (
    <>
      <p>{data ? `n=${data.n}` : 'Loading…'}</p>
      <button type="button" onClick={() => void reload()}>
        Reload
      </button>
    </>
  );
}

const show = async (path: string, onError?: (message: string) => void) => {
  await act(async () => root.render(<Probe path={path} onError={onError} />));
};
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));
const shown = () => host.querySelector('p')?.textContent;
/** A promise and the function that settles it: an answer that arrives when the test says so. */
const later = (): [Promise<void>, () => void] => {
  let release = (): void => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return [promise, release];
};
const reload = async () => {
  host.querySelector('button')!.click();
  await settle();
};

describe('useAdminData', () => {
  it('loads when the screen opens, shows nothing until then, and reloads on request', async () => {
    const [arrived, arrive] = later();
    answers['/a'] = [
      { status: 200, body: { n: 1 }, after: arrived },
      { status: 200, body: { n: 2 } },
    ];
    await show('/a');
    await settle();
    expect(calls).toEqual(['/a']);
    expect(shown()).toBe('Loading…');
    arrive();
    await settle();
    expect(shown()).toBe('n=1');
    await reload();
    expect(shown()).toBe('n=2');
    expect(calls).toEqual(['/a', '/a']);
  });

  it('hands a failure to onError and keeps what was shown', async () => {
    const errors: string[] = [];
    answers['/b'] = [
      { status: 200, body: { n: 5 } },
      { status: 403, body: { code: 'forbidden', message: 'Sorry, you are not allowed to do that.' } },
    ];
    await show('/b', (m) => errors.push(m));
    await settle();
    await reload();
    expect(shown()).toBe('n=5');
    expect(errors).toEqual(['Sorry, you are not allowed to do that.']);
  });

  it('ignores a failure without onError', async () => {
    await show('/nowhere');
    await settle();
    expect(shown()).toBe('Loading…');
  });

  it('loads again when the path changes, reporting to the latest onError', async () => {
    const first: string[] = [];
    const latest: string[] = [];
    answers['/c?day=1'] = [{ status: 200, body: { n: 1 } }];
    await show('/c?day=1', (m) => first.push(m));
    await settle();
    expect(shown()).toBe('n=1');
    await show('/c?day=2', (m) => latest.push(m));
    await settle();
    expect(calls).toEqual(['/c?day=1', '/c?day=2']);
    // Day 2 failed: its error is reported, and day 1's figures are not passed off as day 2's.
    expect(shown()).toBe('Loading…');
    expect(first).toEqual([]);
    expect(latest).toEqual(['Not found.']);
  });

  it("ignores an answer that arrives after a newer one: day 1's late answer never replaces day 2", async () => {
    const [day1Arrived, day1Arrives] = later();
    answers['/d?day=1'] = [{ status: 200, body: { n: 1 }, after: day1Arrived }];
    answers['/d?day=2'] = [{ status: 200, body: { n: 2 } }];
    await show('/d?day=1');
    await settle();
    await show('/d?day=2');
    await settle();
    expect(shown()).toBe('n=2');
    day1Arrives();
    await settle();
    expect(shown()).toBe('n=2');
  });

  it('shows the answer of the last reload when two reloads answer out of order', async () => {
    const [slowArrived, slowArrives] = later();
    answers['/e'] = [
      { status: 200, body: { n: 1 } },
      { status: 200, body: { n: 2 }, after: slowArrived },
      { status: 200, body: { n: 3 } },
    ];
    await show('/e');
    await settle();
    await reload(); // its answer is held
    await reload(); // answers at once
    expect(shown()).toBe('n=3');
    slowArrives();
    await settle();
    expect(shown()).toBe('n=3');
  });
});
