import { type DatabaseConnection, type Driver, SqliteDialect } from 'kysely';
import { CompiledQuery } from 'kysely';

// SQLite has one write lock for the whole file, and the catalogue import writes it from its own thread and
// connection (server/services/catalogue/import-worker.ts). Kysely begins a transaction DEFERRED: it takes a read
// snapshot first and asks for the write lock at its first write. If the import committed in between, SQLite refuses
// that upgrade at once (SQLITE_BUSY_SNAPSHOT; the busy timeout cannot help), and the shopper's add to cart failed.
// Every transaction of the server therefore begins IMMEDIATE: it waits (busy_timeout) for the write lock before it
// reads anything, so a transaction once begun is never refused for another connection's write.

export class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}
