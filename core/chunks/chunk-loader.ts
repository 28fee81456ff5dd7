// Loads a handler chunk on demand with a timeout. Failures reject with an Error named ChunkLoadError,
// like the page builder's webpack runtime does, so callers (and logs) can tell a load failure apart.

export const CHUNK_LOAD_TIMEOUT_MS = 120000;

export type ChunkFailureType = 'timeout' | 'missing' | 'error';

export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
  constructor(
    readonly chunk: string,
    readonly type: ChunkFailureType,
    readonly url: string,
  ) {
    super(`Loading chunk ${chunk} failed.\n(${type}: ${url})`);
  }
}

export type Importer = (url: string) => Promise<unknown>;
/** Tells a missing file (404) from any other failure, asked only after an import failed. */
export type Prober = (url: string) => Promise<number | null>;

export interface ChunkLoaderOptions {
  baseUrl: string;
  chunks: Record<string, string>;
  timeoutMs?: number;
  importer?: Importer;
  prober?: Prober;
}

const nativeImport: Importer = (url) => import(/* @vite-ignore */ url);
const headProbe: Prober = async (url) => {
  try {
    return (await fetch(url, { method: 'HEAD' })).status;
  } catch {
    return null;
  }
};

export class ChunkLoader {
  private readonly cache = new Map<string, Promise<unknown>>();
  private readonly timeoutMs: number;
  private readonly importer: Importer;
  private readonly prober: Prober;

  constructor(private readonly options: ChunkLoaderOptions) {
    this.timeoutMs = options.timeoutMs ?? CHUNK_LOAD_TIMEOUT_MS;
    this.importer = options.importer ?? nativeImport;
    this.prober = options.prober ?? headProbe;
  }

  urlOf(chunk: string): string {
    const file = this.options.chunks[chunk] ?? `${chunk}.js`;
    return new URL(file, new URL(this.options.baseUrl, globalThis.location?.href ?? 'http://localhost/')).href;
  }

  /** Loads a chunk once; concurrent and later calls share the same promise. A failed load may be retried. */
  load<T = unknown>(chunk: string): Promise<T> {
    let pending = this.cache.get(chunk);
    if (!pending) {
      pending = this.fetchChunk(chunk);
      pending.catch(() => this.cache.delete(chunk));
      this.cache.set(chunk, pending);
    }
    return pending as Promise<T>;
  }

  private fetchChunk(chunk: string): Promise<unknown> {
    const url = this.urlOf(chunk);
    return new Promise((resolve, reject) => {
      let settled = false;
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        reject(new ChunkLoadError(chunk, 'timeout', url));
      }, this.timeoutMs);
      this.importer(url).then(
        (mod) => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve(mod);
        },
        async () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          const status = await this.prober(url);
          reject(new ChunkLoadError(chunk, status === 404 ? 'missing' : 'error', url));
        },
      );
    });
  }
}
