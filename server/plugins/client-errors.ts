import type { Socket } from 'node:net';

// Errors Node's HTTP parser raises before Fastify sees a request (a URL or headers over the size limit, a
// malformed request line) answered in the REST error shape {code, message, data: {status}}, like every other error.
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, reason, code, message] =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? [431, 'Request Header Fields Too Large', 'rest_headers_too_large', 'The request address or headers are too large.']
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, 'Request Timeout', 'rest_request_timeout', 'The request took too long.']
        : [400, 'Bad Request', 'rest_bad_request', 'The request is malformed.'];
  const body = JSON.stringify({ code, message, data: { status } });
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
