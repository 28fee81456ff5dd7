import fc from 'fast-check';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { bodies as structuralBodies, nasty } from './malformed';

// Inputs for the fuzz test, generated from each route's own schemas (the zod schemas on the route, read as
// JSON Schema): values at and just past every bound, wrong types, missing and extra fields, and the nasty
// strings, so generated requests reach past the first check of each field instead of guessing its name.

type JsonSchema = z.core.JSONSchema.BaseSchema;

/** The input side of a route's schema as JSON Schema (refinements and transforms cannot be written there). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
}

const junk: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(...nasty, null, true, false, 0, -1, 1.5, [], {}, [1, 'a'], { a: 1 }),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
  fc.double(),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);

function integerArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<unknown> {
  const min = typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + (integer ? 1 : 0) : (s.minimum ?? -1_000_000);
  const max = typeof s.exclusiveMaximum === 'number' ? s.exclusiveMaximum - (integer ? 1 : 0) : (s.maximum ?? 1_000_000);
  // The bounds, one past them, and values inside (small ones: ids that exist in the seed).
  const edges = [min, max, min - 1, max + 1, 0, 1, 2, 3];
  const inside = integer
    ? fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
    : fc.double({ min, max, noNaN: true });
  return fc.oneof(fc.constantFrom(...edges), inside, integer ? fc.constant(min + 0.5) : fc.constant(Number.MAX_VALUE));
}

function stringArbitrary(s: JsonSchema): fc.Arbitrary<unknown> {
  const max = s.maxLength ?? 300;
  const min = s.minLength ?? 0;
  const edges = ['a'.repeat(min), 'a'.repeat(max), 'a'.repeat(max + 1), ...(min > 0 ? ['a'.repeat(min - 1)] : [])];
  return fc.oneof(
    fc.constantFrom(...edges),
    fc.string({ minLength: min, maxLength: Math.min(max, 60) }),
    fc.constantFrom(...nasty),
    ...(s.format === 'email' ? [fc.emailAddress()] : []),
  );
}

/** Values of the schema's shape, a good share of them just outside it. */
export function arbitraryOf(s: JsonSchema | boolean | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (s === undefined || typeof s === 'boolean' || depth > 4) return junk;
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => arbitraryOf(a, depth + 1)), junk);
  if (s.const !== undefined) return fc.oneof(fc.constant(s.const as unknown), junk);
  if (s.enum) return fc.oneof(fc.constantFrom(...(s.enum as unknown[])), junk);
  const types = s.type === undefined ? [] : [s.type].flat();
  if (!types.length) return junk;
  return fc.oneof(
    ...types.map((type): fc.Arbitrary<unknown> => {
      switch (type) {
        case 'object':
          return objectArbitrary(s, depth);
        case 'array': {
          const items = Array.isArray(s.items) ? undefined : s.items;
          return fc.array(arbitraryOf(items, depth + 1), { maxLength: Math.min((s.maxItems ?? 4) + 1, 6) });
        }
        case 'string':
          return stringArbitrary(s);
        case 'integer':
          return integerArbitrary(s, true);
        case 'number':
          return integerArbitrary(s, false);
        case 'boolean':
          return fc.boolean();
        default:
          return fc.constant(null);
      }
    }),
    junk,
  );
}

/** The declared fields, each valid-shaped or not; sometimes a required one is missing or an unknown one added. */
function objectArbitrary(s: JsonSchema, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = Object.entries(s.properties ?? {});
  const required = new Set(s.required ?? []);
  const fields = Object.fromEntries(properties.map(([key, p]) => [key, arbitraryOf(p, depth + 1)]));
  return fc
    .record(fields, { requiredKeys: properties.map(([key]) => key).filter((key) => required.has(key)) })
    .chain((value) =>
      fc.oneof(
        { arbitrary: fc.constant(value), weight: 4 },
        { arbitrary: fc.constant(properties.length ? dropOne(value, properties[0][0]) : value), weight: 1 },
        { arbitrary: junk.map((extra) => ({ ...value, extra })), weight: 1 },
      ),
    );
}

function dropOne(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _dropped, ...rest } = value;
  return rest;
}

/** A value as it travels in a path or query string. */
export const asText = (value: unknown): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));

export interface RouteInputs {
  paths: string[];
  queries: string[];
  bodies: string[];
}

/** Requests for one route: its path with generated params, generated query strings and JSON bodies. */
export function inputsFor(route: { method: string; url: string; schema?: FastifySchema }, n: number, seed: number): RouteInputs {
  const sample = <T>(arb: fc.Arbitrary<T>, count: number, offset: number): T[] => fc.sample(arb, { numRuns: count, seed: seed + offset });
  const params = jsonSchemaOf(route.schema?.params);
  const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const paramArb = fc.record(
    Object.fromEntries(names.map((name) => [name, arbitraryOf(params?.properties?.[name]).map(asText)])),
  ) as fc.Arbitrary<Record<string, string>>;
  const fill = (values: Record<string, string>) =>
    route.url
      .replace(/:(\w+)(\([^)]*\))?/g, (_m, name: string) => encodeURIComponent(values[name] || 'x'))
      .replace('*', encodeURIComponent(values['*'] ?? 'x'));
  const paths = names.length || route.url.includes('*') ? sample(paramArb, Math.ceil(n / 2), 1).map(fill) : [route.url];

  const query = jsonSchemaOf(route.schema?.querystring);
  const queryArb = (query ? objectArbitrary(query, 0) : fc.dictionary(fc.string({ maxLength: 10 }), junk, { maxKeys: 3 })).map((o) =>
    new URLSearchParams(Object.entries(o).map(([k, v]): [string, string] => [k, asText(v)])).toString(),
  );
  const queries = sample(queryArb, n, 2);

  const body = jsonSchemaOf(route.schema?.body);
  const bodyArb = body ? arbitraryOf(body) : fc.oneof(fc.dictionary(fc.string({ maxLength: 10 }), junk, { maxKeys: 4 }), junk);
  // Broken JSON, prototype keys, huge and deep bodies (malformed.ts without its samples), then the schema's.
  const bodies =
    route.method === 'GET' ? [] : [...structuralBodies(0, seed), ...sample(bodyArb, n, 3).map((v) => JSON.stringify(v) ?? 'null')];
  return { paths, queries, bodies };
}
