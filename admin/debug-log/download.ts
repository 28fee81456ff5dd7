// Saves the debug log the server answered with ({data}) as a JSON file, then frees the blob URL after
// 15000 ms, long enough for the browser to start the download.

export const DEBUG_LOG_FILE_NAME = 'nf-file-uploads-debug-log.json';
export const REVOKE_AFTER_MS = 15000;

export interface DownloadEnv {
  createObjectURL: (blob: Blob) => string;
  revokeObjectURL: (url: string) => void;
  document: Document;
  setTimeout: (fn: () => void, ms: number) => unknown;
}

const browserEnv = (): DownloadEnv => ({
  createObjectURL: (b) => URL.createObjectURL(b),
  revokeObjectURL: (u) => URL.revokeObjectURL(u),
  document,
  setTimeout: (fn, ms) => setTimeout(fn, ms),
});

export function saveJsonFile(data: unknown, fileName = DEBUG_LOG_FILE_NAME, env: DownloadEnv = browserEnv()): string {
  const text = typeof data === 'string' ? data : JSON.stringify(data, null, 2);
  const blob = new Blob([text], { type: 'application/json' });
  const url = env.createObjectURL(blob);
  const link = env.document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  env.document.body.appendChild(link);
  link.click();
  link.remove();
  env.setTimeout(() => env.revokeObjectURL(url), REVOKE_AFTER_MS);
  return url;
}
