import type { AnyDb } from '../migration-helpers';
import { msType, withAutoId } from '../migration-helpers';

// Field measurements of real visits (core/vitals/beacon.ts): one row per page view and metric.
export async function up(db: AnyDb): Promise<void> {
  await withAutoId(db, db.schema.createTable('vitals'))
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('device', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('value', 'real', (c) => c.notNull())
    .addColumn('created_at', msType(db), (c) => c.notNull())
    .execute();
  await db.schema.createIndex('vitals_path_metric').on('vitals').columns(['path', 'device', 'metric', 'created_at']).execute();
}
