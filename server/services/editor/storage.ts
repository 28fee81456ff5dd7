import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

// Where uploaded files live. The default keeps them in a local folder (data/uploads beside the SQLite file);
// several servers behind a load balancer would plug in an object-store implementation of the same interface.
export interface FileStorage {
  put(key: string, body: Buffer, mime: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
}

const SAFE_KEY = /^[a-z0-9][a-z0-9-]{0,80}\.(png|jpg|gif|webp)$/;

export class LocalFolderStorage implements FileStorage {
  constructor(readonly root: string) {}

  private path(key: string): string {
    if (!SAFE_KEY.test(key)) throw new Error('invalid storage key');
    return join(this.root, key);
  }

  async put(key: string, body: Buffer): Promise<void> {
    const path = this.path(key);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, body, { flag: 'wx' });
  }

  async get(key: string): Promise<Buffer | null> {
    if (!SAFE_KEY.test(key)) return null;
    try {
      return await readFile(this.path(key));
    } catch {
      return null;
    }
  }
}

/** UPLOADS_DIR, else `uploads` next to the SQLite file, else (PostgreSQL) data/uploads. */
export function defaultUploadsDir(config: { sqlitePath: string; databaseUrl?: string }, env: NodeJS.ProcessEnv = process.env): string {
  if (env.UPLOADS_DIR) return env.UPLOADS_DIR;
  return config.databaseUrl || !config.sqlitePath ? join('data', 'uploads') : join(dirname(config.sqlitePath), 'uploads');
}
