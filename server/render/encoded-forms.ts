import { brotliCompress, constants, gzip } from 'node:zlib';
import { promisify } from 'node:util';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A body in several encodings and the negotiation that picks one (docs/operations.md, Compression): the page cache
// keeps its anonymous pages so, the site stylesheet is sent so, and server/plugins/compression.ts adds Vary the same way.

export type Encoding = 'br' | 'gzip';

/** The forms of one body: identity always, compressed ones when made. */
export interface EncodedForms {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/**
 * The encoding this request prefers among Brotli and gzip (q-values honoured, `*` understood, q=0 refuses), or
 * null for identity. Brotli wins a tie: it is the smaller.
 */
export function preferredEncoding(header: string | string[] | undefined): Encoding | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const q = new Map<string, number>();
  for (const part of text.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name: Encoding) => q.get(name) ?? (name === 'gzip' ? q.get('x-gzip') : undefined) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br <= 0 && gz <= 0) return null;
  return br >= gz ? 'br' : 'gzip';
}

/** Adds Accept-Encoding to the response's Vary (once). */
export function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const list =
    vary === undefined
      ? []
      : String(vary)
          .split(',')
          .map((v) => v.trim());
  if (list.includes('*') || list.some((v) => v.toLowerCase() === 'accept-encoding')) return;
  // Lower case, as @fastify/compress writes it (it looks for that spelling before adding its own).
  reply.header('Vary', [...list.filter(Boolean), 'accept-encoding'].join(', '));
}

/**
 * Sends the form of `forms` this request prefers, with Content-Encoding and Vary; returns the reply. With a
 * `tag` (a content hash), each form has its own strong ETag (`"tag"`, `"tag-br"`, `"tag-gzip"`: the bytes differ),
 * the same on every request and every server, and a matching If-None-Match gets 304.
 */
export function sendEncoded(request: FastifyRequest, reply: FastifyReply, forms: EncodedForms & { tag?: string }): FastifyReply {
  const wanted = preferredEncoding(request.headers['accept-encoding']);
  const encoding = wanted && forms[wanted] ? wanted : null;
  varyOnEncoding(reply);
  if (forms.tag) {
    const etag = `"${forms.tag}${encoding ? `-${encoding}` : ''}"`;
    reply.header('ETag', etag);
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((m) => m.trim().replace(/^W\//, '') === etag || m.trim() === '*')) return reply.code(304).send();
  }
  if (!encoding) return reply.send(forms.identity);
  return reply.header('Content-Encoding', encoding).send(forms[encoding]);
}

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Brotli and gzip forms of a body that is sent many times (a page-cache entry): made once, on the thread pool,
 * at a quality between the per-response one and the build's.
 */
export async function compressOnce(body: string | Buffer): Promise<EncodedForms> {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  const [br, gzipped] = await Promise.all([
    brotli(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 8,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gz(identity, { level: 6 }),
  ]);
  return { identity, br, gzip: gzipped };
}
