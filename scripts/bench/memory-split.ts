import { readFileSync } from 'node:fs';

const mb = (bytes: number) => Math.round(bytes / 1024 / 102.4) / 10;
/** A server's memory by kind, in MB: /proc's split of its RSS and its main thread's V8 figures from /metrics. */
export async function memorySplit(url: string, pid: number): Promise<Record<string, number>> {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) * 1024;
  const text = await fetch(`${url}/metrics`).then(
    (r) => r.text(),
    () => '',
  );
  const metric = (name: string) => Number(new RegExp(`^${name} ([\\d.e+]+)`, 'm').exec(text)?.[1] ?? 0);
  return {
    rss: mb(kb('VmRSS')),
    anon: mb(kb('RssAnon')),
    file: mb(kb('RssFile')),
    shmem: mb(kb('RssShmem')),
    heapTotal: mb(metric('nodejs_heap_size_total_bytes')),
    heapUsed: mb(metric('nodejs_heap_size_used_bytes')),
    external: mb(metric('nodejs_external_memory_bytes')),
  };
}

/**
 * Samples a server's VmRSS every 100 ms; the split now (idle) and at the highest sample. Beyond the main thread's
 * heap, what the anonymous part grows by is native: a worker thread's isolate, SQLite's page caches, malloc's arenas.
 */
export async function watchMemory(url: string, pid: number) {
  const idle = await memorySplit(url, pid);
  let peak = idle;
  let sampled = 0;
  let splitting = false;
  const sampler = setInterval(() => {
    const rss = Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) / 1024;
    if (rss > sampled && !splitting) {
      splitting = true;
      void memorySplit(url, pid)
        .then((m) => m.rss >= peak.rss && (peak = m))
        .finally(() => (splitting = false));
    }
    sampled = Math.max(sampled, rss);
  }, 100);
  return {
    sampledPeak: () => sampled,
    split: () => ({ idle, peak }),
    stop: () => clearInterval(sampler),
  };
}
