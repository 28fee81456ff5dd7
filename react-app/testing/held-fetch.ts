import { vi } from 'vitest';

/** A request the page sent, held until the test answers it. */
export interface HeldRequest {
  method: string;
  url: string;
  body: Record<string, unknown>;
  answer: (status: number, body: unknown) => void;
}

/**
 * Replaces fetch so that every request waits for the test to answer it, in any order: what a slow network does
 * to writes that overlap. Returns the list the requests are appended to (undo with vi.unstubAllGlobals()).
 */
export function holdFetch(): HeldRequest[] {
  const sent: HeldRequest[] = [];
  vi.stubGlobal(
    'fetch',
    (url: string, init: RequestInit) =>
      new Promise<Response>((resolve) => {
        sent.push({
          method: String(init.method ?? 'GET'),
          url: String(url),
          body: JSON.parse(String(init.body ?? '{}')),
          answer: (status, body) =>
            resolve(new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })),
        });
      }),
  );
  return sent;
}
