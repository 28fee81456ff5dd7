// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEBUG_LOG_FILE_NAME, REVOKE_AFTER_MS, saveJsonFile } from './download';

afterEach(() => vi.useRealTimers());

describe('debug log download', () => {
  it('saves {data} as nf-file-uploads-debug-log.json and revokes the blob URL after 15000 ms', async () => {
    vi.useFakeTimers();
    const blobs: Blob[] = [];
    const revoke = vi.fn();
    const clicked: Array<{ href: string; download: string }> = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.getAttribute('href')!, download: this.download });
    });
    const url = saveJsonFile({ entries: [{ message: 'Accepted upload a.png' }] }, undefined, {
      createObjectURL: (b) => (blobs.push(b), 'blob:test/1'),
      revokeObjectURL: revoke,
      document,
      setTimeout: (fn, ms) => setTimeout(fn, ms),
    });
    expect(url).toBe('blob:test/1');
    expect(clicked).toEqual([{ href: 'blob:test/1', download: DEBUG_LOG_FILE_NAME }]);
    expect(DEBUG_LOG_FILE_NAME).toBe('nf-file-uploads-debug-log.json');
    expect(document.querySelector('a[download]')).toBeNull();
    vi.advanceTimersByTime(REVOKE_AFTER_MS - 1);
    expect(revoke).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(revoke).toHaveBeenCalledWith('blob:test/1');
    expect(REVOKE_AFTER_MS).toBe(15000);
    click.mockRestore();
    vi.useRealTimers();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(blobs[0]);
    });
    expect(blobs[0].type).toBe('application/json');
    expect(JSON.parse(text)).toEqual({ entries: [{ message: 'Accepted upload a.png' }] });
  });
});
