import type { FastifyInstance, FastifyRequest, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import {
  serializerCompiler as zodSerializerCompiler,
  validatorCompiler as zodValidatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AnyEndpoint, BodyOf, QueryOf } from '../core/api/endpoint';
import { type ApiError, errors } from './errors';

// Validation at the edge: each route declares its params, querystring and body as zod schemas on the route
// (fastify-type-provider-zod); failures become one 400 with one message per field, formatted here only.

/** One message per field (the first), keyed by the field's path, or by `where` for the input as a whole. */
function invalidInput(issues: Array<{ path: string; message: string }>, where: string): ApiError {
  const params: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path || where;
    if (!params[key]) params[key] = issue.message;
  }
  const first = Object.entries(params)[0];
  return errors.invalidParam(first ? `Invalid parameter(s): ${Object.keys(params).join(', ')} (${first[1]})` : `Invalid ${where}.`, params);
}

/** Parses input a route cannot declare (a form field read after another check), with the same error as a schema. */
export function parse<T extends z.ZodType>(schema: T, data: unknown, where = 'request'): z.infer<T> {
  const result = schema.safeParse(data ?? {});
  if (result.success) return result.data;
  throw invalidInput(
    result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message })),
    where,
  );
}

/** A missing body or query is an empty object, so a request without one names the fields it lacks. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route);
  return (data: unknown) => validate(data ?? {});
};

type SchemaErrorFormatter = Parameters<FastifyInstance['setSchemaErrorFormatter']>[0];
const WHERE: Record<Parameters<SchemaErrorFormatter>[1], string> = {
  params: 'path',
  querystring: 'query',
  body: 'body',
  headers: 'headers',
};

/** Fastify's schema errors (from the compiler above) in the house shape: `{code, message, data:{status, params}}`. */
export const schemaErrorFormatter: SchemaErrorFormatter = (issues: FastifySchemaValidationError[], dataVar): Error =>
  invalidInput(
    issues.map((i) => ({ path: i.instancePath.slice(1).split('/').join('.'), message: i.message ?? 'is invalid' })),
    WHERE[dataVar],
  );

/**
 * A whole number as a decimal: a JSON number, or a string of digits (paths and query strings are text). Nothing
 * else is coerced: '0x10', '1e1', ' 7', '', true and [7000] are refused, not read as 16, 10, 7, 0, 1 or 7000.
 */
export const decimalInteger = (error = 'must be a number') =>
  z.preprocess(
    (v) => (typeof v === 'string' && /^[0-9]{1,16}$/.test(v) ? Number(v) : v),
    z.number({ error }).int('must be a whole number'),
  );

/** A positive integer id from a path, query string or body (decimal only, see decimalInteger). */
export const id = decimalInteger().pipe(z.number().positive('must be positive').max(2_147_483_647, 'is too large'));

/** The route's `:id`. */
export const idParams = z.object({ id });

/** A route plugin's instance with zod schemas as its input types (request.params/query/body typed from `schema`). */
export const withSchemas = (app: FastifyInstance) => app.withTypeProvider<ZodTypeProvider>();

/** A preValidation hook: a body that is not a JSON object answers 415 before its fields are checked. */
export async function requireObjectBody(request: FastifyRequest): Promise<void> {
  if (typeof request.body !== 'object' || request.body === null) throw errors.unsupportedMedia();
}

/** The answer schema an endpoint of core/api/ is typed by. */
type AnswerSchema<E extends AnyEndpoint> = NonNullable<E['types']>['answer'];

/**
 * The route's `response` for its 2xx answers (200 unless given): the schema its endpoint in core/api/ is typed by,
 * so the answer is checked and stripped to the declared fields on the way out (the serializer of server/app.ts),
 * and the browser reads the same shape.
 */
export function answers<E extends AnyEndpoint, C extends number = 200>(
  _endpoint: E,
  schema: AnswerSchema<E>,
  ...codes: C[]
): Record<C, AnswerSchema<E>> {
  return Object.fromEntries((codes.length ? codes : [200]).map((code) => [code, schema])) as Record<C, AnswerSchema<E>>;
}

/** Answers with a `response` schema are encoded by it: checked, and stripped of undeclared fields. */
export const serializerCompiler = zodSerializerCompiler;

/** The endpoint's body (or query) must be one the route's schema accepts; otherwise the call does not compile. */
type Accepting<Sent, S> = [Sent] extends [never]
  ? unknown
  : S extends z.ZodType
    ? [Sent] extends [z.input<S>]
      ? unknown
      : 'does not accept what the endpoint sends'
    : unknown;

/**
 * The route's input schemas, checked at compile time against its endpoint in core/api/: what the browser's typed
 * call sends (body, query) is input the schema accepts, so the two cannot drift apart unnoticed.
 */
export function inputs<E extends AnyEndpoint, B extends z.ZodType | undefined = undefined, Q extends z.ZodType | undefined = undefined>(
  _endpoint: E,
  schemas: { body?: B & Accepting<BodyOf<E>, B>; querystring?: Q & Accepting<Exclude<QueryOf<E>, string>, Q> },
): { body: B; querystring: Q } {
  return schemas as { body: B; querystring: Q };
}
