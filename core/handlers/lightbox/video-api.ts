import type { VideoProvider } from './rules';

// A video provider's player API script: inserted once per page, then polled every 350 ms until the
// provider's global is ready (the 350 ms poll interval of docs/behaviour.md).

export const VIDEO_API_POLL_MS = 350;

export const VIDEO_API: Record<VideoProvider, { src: string; isReady: (w: Window) => boolean }> = {
  youtube: { src: 'https://www.youtube.com/iframe_api', isReady: (w) => !!(w as unknown as { YT?: { loaded?: number } }).YT?.loaded },
  vimeo: { src: 'https://player.vimeo.com/api/player.js', isReady: (w) => !!(w as unknown as { Vimeo?: unknown }).Vimeo },
};

const pending = new Map<VideoProvider, Promise<void>>();

/** Resolves once the provider's API is ready. The script tag is inserted at most once. */
export function loadVideoApi(provider: VideoProvider, doc: Document = document, win: Window = window): Promise<void> {
  const api = VIDEO_API[provider];
  if (api.isReady(win)) return Promise.resolve();
  let promise = pending.get(provider);
  if (promise) return promise;
  if (!doc.querySelector(`script[src="${api.src}"]`)) {
    const script = doc.createElement('script');
    script.src = api.src;
    script.async = true;
    doc.head.appendChild(script);
  }
  promise = new Promise<void>((resolve) => {
    const poll = (): void => {
      if (api.isReady(win)) resolve();
      else win.setTimeout(poll, VIDEO_API_POLL_MS);
    };
    win.setTimeout(poll, VIDEO_API_POLL_MS);
  });
  pending.set(provider, promise);
  return promise;
}

/** Tests only. */
export function resetVideoApis(): void {
  pending.clear();
}
