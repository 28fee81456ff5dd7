import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A loopback proxy in front of the test server that sends one page's HTML in two parts, the second `pauseMs` after
 * the first, cut just before the first occurrence of `cutBefore` inside `<main>`: what a visitor on a slow link gets
 * when the HTML arrives in pieces and the browser paints what it has. Everything else passes through untouched.
 */
export async function streamingProxy(
  origin: string,
  path: string,
  cutBefore: string,
  pauseMs = 400,
): Promise<{ url: string; close: () => Promise<void> }> {
  const upstream = new URL(origin);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const headers = { ...req.headers, host: upstream.host, 'accept-encoding': 'identity' };
    const out = request({ host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers }, (answer) => {
      if (req.url !== path) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', () => {
        const html = Buffer.concat(chunks).toString('utf8');
        const cut = html.indexOf(cutBefore, html.indexOf('<main'));
        if (cut < 0) throw new Error(`${path} has no ${cutBefore} inside <main>`);
        const { 'content-length': _length, ...rest } = answer.headers;
        res.writeHead(answer.statusCode ?? 502, rest);
        res.write(html.slice(0, cut));
        setTimeout(() => res.end(html.slice(cut)), pauseMs);
      });
    });
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
