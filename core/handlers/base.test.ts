// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { Handler, type Connectable } from './base';
import { mountHandler } from './testing/handler-harness';

// The lifecycle convention: a part a handler uses is connected at once and disconnected with the handler,
// even when another part's disconnect throws.
class Part implements Connectable {
  log: string[] = [];
  constructor(private readonly failOnDisconnect = false) {}
  connect(): void {
    this.log.push('connect');
  }
  disconnect(): void {
    this.log.push('disconnect');
    if (this.failOnDisconnect) throw new Error('broken part');
  }
}

class TwoParts extends Handler {
  readonly broken = new Part(true);
  readonly sound = new Part();
  override connect(): void {
    this.use(this.broken);
    this.use(this.sound);
  }
}

describe('Handler.use', () => {
  it('connects a part with the handler and disconnects it on disconnect, past a failing sibling', () => {
    const { handler } = mountHandler<TwoParts>(TwoParts, '<div></div>', {});
    handler.connect();
    expect(handler.sound.log).toEqual(['connect']);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    handler.disconnect();
    const failures = logged.mock.calls.length;
    logged.mockRestore();
    expect(handler.broken.log).toEqual(['connect', 'disconnect']);
    expect(handler.sound.log).toEqual(['connect', 'disconnect']);
    expect(failures).toBe(1);
  });
});
