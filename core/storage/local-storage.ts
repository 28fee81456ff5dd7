// Visitor storage under one key ('elementor'), as the page builder keeps it: an object of values plus an
// expiration map (`__expiration`: key → epoch ms). Session storage is used for per-session values.
// Storage that throws (private mode, quota, disabled) degrades to an in-memory object.

export const STORAGE_KEY = 'elementor';
const EXPIRATION = '__expiration';

type Entry = Record<string, unknown> & { [EXPIRATION]?: Record<string, number> };

export interface StorageOptions {
  session?: boolean;
  lifetimeInSeconds?: number;
}

export class VisitorStorage {
  private memory: Record<'local' | 'session', Entry> = { local: {}, session: {} };

  constructor(
    private readonly now: () => number = () => Date.now(),
    private readonly key: string = STORAGE_KEY,
  ) {}

  private backend(session?: boolean): Storage | null {
    try {
      return session ? window.sessionStorage : window.localStorage;
    } catch {
      return null;
    }
  }

  private read(session?: boolean): Entry {
    const store = this.backend(session);
    if (!store) return this.memory[session ? 'session' : 'local'];
    try {
      const parsed: unknown = JSON.parse(store.getItem(this.key) ?? '{}');
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Entry) : {};
    } catch {
      return {};
    }
  }

  private write(entry: Entry, session?: boolean): void {
    const store = this.backend(session);
    if (!store) {
      this.memory[session ? 'session' : 'local'] = entry;
      return;
    }
    try {
      store.setItem(this.key, JSON.stringify(entry));
    } catch {
      this.memory[session ? 'session' : 'local'] = entry;
    }
  }

  get<T = unknown>(key: string, options: StorageOptions = {}): T | undefined {
    const entry = this.read(options.session);
    const expires = entry[EXPIRATION]?.[key];
    if (expires !== undefined && expires <= this.now()) {
      this.remove(key, options);
      return undefined;
    }
    return entry[key] as T | undefined;
  }

  set(key: string, value: unknown, options: StorageOptions = {}): void {
    const entry = this.read(options.session);
    entry[key] = value;
    const expirations = { ...(entry[EXPIRATION] ?? {}) };
    if (options.lifetimeInSeconds && options.lifetimeInSeconds > 0) expirations[key] = this.now() + options.lifetimeInSeconds * 1000;
    else delete expirations[key];
    entry[EXPIRATION] = expirations;
    this.write(entry, options.session);
  }

  remove(key: string, options: StorageOptions = {}): void {
    const entry = this.read(options.session);
    delete entry[key];
    if (entry[EXPIRATION]) delete entry[EXPIRATION][key];
    this.write(entry, options.session);
  }
}
