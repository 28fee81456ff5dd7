/** A throwaway PostgreSQL cluster on loopback; see pg-cluster.mjs. */
export interface Cluster {
  url: string;
  port: number;
  dir: string;
  /** `pg_ctl stop -m <mode>`; true when stopped. */
  stop(mode?: 'immediate' | 'fast'): Promise<boolean>;
  /** `pg_ctl start -w`; true when accepting connections. */
  start(): Promise<boolean>;
  /** Stops (fast) and removes its folder. */
  dispose(): void;
}
export function postgresBinDir(): string | undefined;
export function freeLoopbackPort(): Promise<number>;
export function createCluster(options?: { port?: number; quiet?: boolean; durable?: boolean }): Promise<Cluster>;
