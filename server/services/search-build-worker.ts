import { parentPort, workerData } from 'node:worker_threads';
import type { Catalog } from '../../core/shop/catalog';
import { openDatabase } from '../db/connection';
import { lowerThreadPriority } from './catalogue/import-priority';
import { buildIndexes } from './search-build';
import type { IndexSnapshot } from './search-index';
import type { SearchBuildJob, SearchBuildResult } from './search-build-thread';

// The worker thread a large catalogue's search indexes are built on (search-build-thread.ts): its own database
// connection, the same reads and index as a build on the server's thread, handed back as snapshots whose arrays move
// rather than copy. Its reads, its index's growth and their garbage are its own heap's, not the server's.

const job = workerData as SearchBuildJob;
// Shoppers first: this thread runs at the imports' lower priority (import-priority.ts).
lowerThreadPriority(job.nice);
// A small SQLite page cache (the import worker's): the pages it reads stay in the operating system's file cache.
const db = await openDatabase({ ...job.database, poolMax: 1, sqliteCacheKb: 2048 });
let result: SearchBuildResult;
try {
  const built = await buildIndexes(db.kysely, job.from);
  const catalogs: Array<[Catalog, IndexSnapshot]> = [...built.indexes].map(([catalog, entry]) => [catalog, entry.index.snapshot()]);
  result = {
    catalogs,
    appliedIds: Float64Array.from(built.applied.keys()),
    appliedAt: Float64Array.from(built.applied.values()),
    cursor: built.cursor,
  };
} finally {
  await db.close();
}
const transfer = result.catalogs.flatMap(([, s]) =>
  [s.postingStarts, s.postingData, s.slotIds, s.fieldLengths, s.departments, s.parents, s.attrBits, s.avgLength].map((a) => a.buffer),
);
parentPort!.postMessage(result, [...transfer, result.appliedIds.buffer, result.appliedAt.buffer]);
