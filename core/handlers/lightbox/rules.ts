// Lightbox decisions (docs/behaviour.md, "Lightbox") as pure functions: which links open a lightbox, and video URL → provider id.

export const IMAGE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif'] as const;

export type OpenLightboxSetting = 'yes' | 'no' | 'default' | string | undefined;

export interface LightboxLink {
  href: string;
  /** The link carries a download attribute. */
  hasDownload: boolean;
  /** data-elementor-lightbox-video: a video lightbox link. */
  isVideo: boolean;
  /** The element's open-lightbox setting (data-elementor-open-lightbox). */
  openLightbox: OpenLightboxSetting;
}

export interface LightboxEnvironment {
  /** The kit's global image lightbox setting ('yes' when on). */
  globalImageLightbox: boolean;
  isEdit: boolean;
  /** Edit mode: the user's editor preference for the lightbox inside the editor. */
  editorLightboxPreference: boolean;
}

/** True for an http(s) or relative URL whose path ends with one of the image extensions (query and hash ignored). */
export function isImageUrl(href: string): boolean {
  if (/^[a-z][a-z0-9+.-]*:/i.test(href.trim()) && !/^https?:/i.test(href.trim())) return false; // javascript:, data: …
  const path = href.split(/[?#]/)[0].toLowerCase();
  const dot = path.lastIndexOf('.');
  if (dot < 0 || dot < path.lastIndexOf('/')) return false;
  return (IMAGE_EXTENSIONS as readonly string[]).includes(path.slice(dot + 1));
}

/** The lightbox decision: should a click on this link open the lightbox? */
export function shouldOpenLightbox(link: LightboxLink, env: LightboxEnvironment): boolean {
  if (env.isEdit && !env.editorLightboxPreference) return false;
  if (link.hasDownload) return false;
  if (!link.isVideo && !isImageUrl(link.href)) return false; // a plain non-image link
  if (link.openLightbox === 'yes') return true;
  return env.globalImageLightbox && link.openLightbox !== 'no';
}

export type VideoProvider = 'youtube' | 'vimeo';
export interface VideoId {
  provider: VideoProvider;
  id: string;
}

/** The page builder's patterns for the two providers. */
export const VIDEO_PATTERNS: Record<VideoProvider, RegExp> = {
  youtube:
    /^(?:https?:\/\/)?(?:www\.|m\.)?(?:youtu\.be\/|youtube(?:-nocookie)?\.com\/(?:(?:watch)?\?(?:.*&)?vi?=|(?:embed|v|vi|user|shorts)\/))([^?&"'>]+)/,
  vimeo: /^(?:https?:\/\/)?(?:www\.|player\.)?vimeo\.com\/(?:channels\/(?:\w+\/)?|groups\/(?:[^/]*)\/videos\/|video\/|)(\d+)(?:|\/\?)/,
};

/** Matches a URL to a provider and video id, or null. Ids are restricted to safe characters. */
export function videoIdOf(url: string): VideoId | null {
  for (const provider of ['youtube', 'vimeo'] as const) {
    const m = VIDEO_PATTERNS[provider].exec(url.trim());
    if (m && /^[\w-]{1,64}$/.test(m[1])) return { provider, id: m[1] };
  }
  return null;
}

/** The embed URL the lightbox iframe loads (autoplay on open: the visitor asked for the video). */
export function embedUrlOf(video: VideoId): string {
  return video.provider === 'youtube'
    ? `https://www.youtube.com/embed/${video.id}?feature=oembed&autoplay=1&rel=0&controls=1`
    : `https://player.vimeo.com/video/${video.id}?autoplay=1&dnt=1`;
}
