// This editor tab's identity for the soft lock (core/wire/editorial.ts): a random token sent with every
// heartbeat and save, and the one place a refused save reports "someone took over" to the lock banner.

const makeToken = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : Array.from({ length: 32 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

export const editSessionToken: string = makeToken();

/** The code of the 409 a save gets when another editor took the document over from this tab. */
export const TAKEN_OVER_CODE = 'rest_document_locked';

type Listener = (message: string) => void;
const listeners = new Set<Listener>();

/** The lock banner listens: a save refused because someone took over. */
export function onTakenOver(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function reportTakenOver(message: string): void {
  for (const l of listeners) l(message);
}
