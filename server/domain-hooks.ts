// Domain events other route groups react to without the emitter knowing them (the cart merges on sign-in).
export interface DomainEvents {
  signIn: { userId: number; previousSessionId: string | null; sessionId: string };
}

type Listener<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => Promise<void> | void;

export class DomainHooks {
  private readonly listeners = new Map<keyof DomainEvents, Array<Listener<never>>>();

  on<K extends keyof DomainEvents>(name: K, fn: Listener<K>): void {
    const list = this.listeners.get(name) ?? [];
    list.push(fn as Listener<never>);
    this.listeners.set(name, list);
  }

  /** Runs listeners in order; a write that must happen with the event is awaited before the reply. */
  async emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    for (const fn of this.listeners.get(name) ?? []) await (fn as Listener<K>)(payload);
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    hooks: DomainHooks;
  }
}
