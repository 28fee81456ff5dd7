import { z } from 'zod';

// Building blocks of the answer schemas (core/api/schemas/): zod values the server checks its answers against.
// Only the server imports these at run time; the browser takes their types (core/api/endpoint.ts).

export const int = z.number().int();
export const str = z.string();
export const nullableStr = z.string().nullable();
export const bool = z.boolean();
/** A JSON value the answer passes through as it is (a page tree, settings): its own schema checks it on save. */
export const json = z.unknown();
export const jsonObject = z.record(z.string(), z.unknown());
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });
/** Text answers (CSV exports, downloads): sent as they are, never serialised as JSON. */
export const text = z.string();

/**
 * Compile-time check that a schema's output is exactly a wire type written as an interface: each one assignable
 * to the other, with the same keys (a key left out of the schema would be stripped from the answer).
 */
export type Exactly<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? [keyof A] extends [keyof B]
      ? [keyof B] extends [keyof A]
        ? true
        : false
      : false
    : false
  : false;
export const exactly = <A, B>(check: Exactly<A, B>): Exactly<A, B> => check;

/** 204: no body. */
export const noContent = z.undefined();
