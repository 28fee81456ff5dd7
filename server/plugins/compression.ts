import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import { varyOnEncoding } from '../render/encoded-forms';

// Compression on the wire (docs/operations.md, Compression). Three paths, one negotiation:
// - built files (runtime, islands, site CSS) have Brotli and gzip copies made at build time (scripts/precompress.mjs)
//   and are sent as they are;
// - an anonymous page in the page cache keeps its compressed forms, so a hit costs no compression;
// - every other HTML or JSON answer is compressed per response by @fastify/compress (Brotli at a fast quality).
// Whatever the path, a response whose body could be compressed says `Vary: Accept-Encoding`, also when it went out
// uncompressed, so a shared cache never hands a Brotli body to a client that did not ask for one.

const COMPRESSIBLE_TYPE = /^(?:text\/|application\/(?:json|javascript|manifest\+json|xml)|image\/svg\+xml)/;

/** Per-response compression of HTML and JSON, and Vary on every compressible answer. Before the routes. */
export async function installCompression(app: FastifyInstance): Promise<void> {
  await app.register(fastifyCompress, {
    global: true,
    encodings: ['br', 'gzip'],
    threshold: 1024,
    // Request bodies stay as sent: a compressed upload would slip past the body limit and the depth check.
    globalDecompression: false,
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
    zlibOptions: { level: 6 },
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = reply.getHeader('content-type');
    if (typeof type === 'string' && COMPRESSIBLE_TYPE.test(type)) varyOnEncoding(reply);
    return payload;
  });
}
