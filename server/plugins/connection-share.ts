import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { addressKey } from '../auth/anonymous-write-limit';
import type { ConnectionLimits } from '../config';

// One client must not hold every connection (MAX_CONNECTIONS): each address (an IPv6 /64) gets a share, and a
// socket that sends nothing at all is closed after a short time (the idle timeout is long enough for a slow
// page; a silent socket needs no such patience). Sockets over the share are closed at once, before any parsing.

export function installConnectionShare(
  server: Server,
  limits: Pick<ConnectionLimits, 'maxConnectionsPerAddress' | 'silentTimeoutMs'>,
): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const silent = setTimeout(() => socket.destroy(), limits.silentTimeoutMs);
    silent.unref();
    socket.once('data', () => clearTimeout(silent));
    socket.once('close', () => clearTimeout(silent));
    if (limits.maxConnectionsPerAddress <= 0) return;
    const key = addressKey(socket.remoteAddress ?? '');
    const count = (open.get(key) ?? 0) + 1;
    open.set(key, count);
    socket.once('close', () => {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    });
    if (count > limits.maxConnectionsPerAddress) socket.destroy();
  });
}
