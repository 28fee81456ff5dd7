import { Worker } from 'node:worker_threads';
import type { Catalog } from '../../core/shop/catalog';
import type { WorkerDatabase } from './catalogue/import-thread';
import { type Built, type BuildFrom } from './search-build';
import { CatalogIndex } from './search-docs';
import type { IndexSnapshot } from './search-index';
import { workerEntry, workerEnv } from './worker-entry';

// A large catalogue's search indexes are built on a worker thread (docs/search.md, "Keeping the index current"). Built
// on the server's thread, in 2 ms slices, the index of a 40,000-product import took about a quarter of that thread for
// several seconds, and its garbage the server's heap: on PostgreSQL, where every statement is a round trip through
// that thread, shoppers' requests in the first seconds of the price import that followed waited 100–300 ms
// (`npm run bench catalogue`). The worker reads the catalogue on its own connection at the imports' lower priority
// and hands the indexes back as snapshots; the server's thread only puts them together again.

export interface SearchBuildJob {
  database: WorkerDatabase;
  from: BuildFrom;
  /** The worker thread's nice value (IMPORT_NICE, import-priority.ts). */
  nice: number;
}

export interface SearchBuildResult {
  catalogs: Array<[Catalog, IndexSnapshot]>;
  appliedIds: Float64Array<ArrayBuffer>;
  appliedAt: Float64Array<ArrayBuffer>;
  cursor: number;
}

/**
 * The worker's heap (MB): the index of 40,000 products is a few MB, a batch of rows read and its garbage a few more;
 * the limit keeps what V8 lets pile up before collecting small, as the import worker's does.
 */
const BUILD_WORKER_HEAP_MB = 48;
const BUILD_WORKER_YOUNG_MB = 4;

/** Builds the indexes on a worker thread; rejects when the worker fails or stops without them. */
export function buildOnWorker(job: SearchBuildJob): Promise<Built> {
  const entry = workerEntry(import.meta.url, 'search-build-worker', 'SEARCH_WORKER_ENTRY');
  const worker = new Worker(entry.script, {
    eval: entry.eval,
    workerData: job,
    env: workerEnv(),
    resourceLimits: { maxOldGenerationSizeMb: BUILD_WORKER_HEAP_MB, maxYoungGenerationSizeMb: BUILD_WORKER_YOUNG_MB },
    stdout: false,
    stderr: false,
  });
  return new Promise<Built>((resolve, reject) => {
    let done = false;
    let failure: Error | null = null;
    worker.on('message', (result: SearchBuildResult) => {
      done = true;
      try {
        const applied = new Map<number, number>();
        result.appliedIds.forEach((id, i) => applied.set(id, result.appliedAt[i]));
        const indexes = new Map(result.catalogs.map(([catalog, snapshot]) => [catalog, CatalogIndex.fromSnapshot(snapshot)]));
        resolve({ indexes, applied, cursor: result.cursor });
      } catch (error) {
        reject(error);
      }
    });
    worker.on('error', (error) => (failure = error));
    worker.on('exit', () => {
      if (!done) reject(failure ?? new Error('the search build stopped'));
    });
  });
}
