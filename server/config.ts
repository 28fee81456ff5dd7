// Server settings from the environment, with the defaults `npm start` uses.
export interface ServerConfig {
  host: string;
  port: number;
  databaseUrl?: string;
  sqlitePath: string;
  /** Secure cookies when served over TLS (behind a proxy that sets X-Forwarded-Proto). */
  trustProxy: boolean;
  version: string;
  logLevel: string;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  return {
    host: env.HOST ?? '127.0.0.1',
    port,
    databaseUrl: env.DATABASE_URL || undefined,
    sqlitePath: env.SQLITE_PATH ?? 'data/site.db',
    trustProxy: env.TRUST_PROXY === '1',
    version: env.npm_package_version ?? '0.1.0',
    logLevel: env.LOG_LEVEL ?? 'warn',
  };
}
