import { describe, expect, it } from 'vitest';
import { embedUrlOf, isImageUrl, shouldOpenLightbox, videoIdOf, type LightboxEnvironment, type LightboxLink } from './rules';

const link = (over: Partial<LightboxLink>): LightboxLink => ({
  href: '/a.jpg',
  hasDownload: false,
  isVideo: false,
  openLightbox: 'default',
  ...over,
});
const env = (over: Partial<LightboxEnvironment>): LightboxEnvironment => ({
  globalImageLightbox: true,
  isEdit: false,
  editorLightboxPreference: true,
  ...over,
});

describe('lightbox rules', () => {
  it('recognises exactly the image extensions png, jpg, jpeg, gif, svg, webp, avif', () => {
    for (const ext of ['png', 'jpg', 'jpeg', 'gif', 'svg', 'webp', 'avif']) expect(isImageUrl(`/m/x.${ext}`)).toBe(true);
    for (const ext of ['bmp', 'tif', 'tiff', 'ico', 'heic', 'jfif', 'apng']) expect(isImageUrl(`/m/x.${ext}`)).toBe(false);
    expect(isImageUrl('/m/X.JPG?w=2#top')).toBe(true);
    expect(isImageUrl('https://cdn.example.com/a.webp')).toBe(true);
    for (const url of [
      '/m/x.pdf',
      '/page',
      '/m.jpg/page',
      'https://example.com/',
      '/x.jpgx',
      '/x.bmp',
      'javascript:alert(1)//x.png',
      'data:image/png;base64,AA//a.png',
    ])
      expect(isImageUrl(url)).toBe(false);
  });

  it.each([
    // [case, link, environment, opens]
    ['image, default, global on', {}, {}, true],
    ['image, default, global off', {}, { globalImageLightbox: false }, false],
    ['image, yes, global off', { openLightbox: 'yes' }, { globalImageLightbox: false }, true],
    ['image, no, global on', { openLightbox: 'no' }, {}, false],
    ['image, missing setting, global on', { openLightbox: undefined }, {}, true],
    ['plain page link, yes', { href: '/recipes', openLightbox: 'yes' }, {}, false],
    ['plain page link, default', { href: '/recipes' }, {}, false],
    ['video flag on a non-image link, yes', { href: 'https://youtu.be/abc', isVideo: true, openLightbox: 'yes' }, {}, true],
    ['video flag, default, global on', { href: 'https://youtu.be/abc', isVideo: true }, {}, true],
    ['video flag, no', { href: 'https://youtu.be/abc', isVideo: true, openLightbox: 'no' }, {}, false],
    ['download link to an image', { hasDownload: true, openLightbox: 'yes' }, {}, false],
    ['edit mode, preference off', { openLightbox: 'yes' }, { isEdit: true, editorLightboxPreference: false }, false],
    ['edit mode, preference on', { openLightbox: 'yes' }, { isEdit: true, editorLightboxPreference: true }, true],
    ['preference ignored outside edit mode', {}, { editorLightboxPreference: false }, true],
  ] as const)('%s', (_name, l, e, opens) => {
    expect(shouldOpenLightbox(link(l), env(e))).toBe(opens);
  });
});

describe('video id patterns', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?t=10', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/shorts/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube', 'dQw4w9WgXcQ'],
    ['https://vimeo.com/235215203', 'vimeo', '235215203'],
    ['https://player.vimeo.com/video/235215203', 'vimeo', '235215203'],
    ['https://vimeo.com/channels/staffpicks/235215203', 'vimeo', '235215203'],
    ['https://vimeo.com/groups/name/videos/235215203', 'vimeo', '235215203'],
  ])('%s → %s %s', (url, provider, id) => {
    expect(videoIdOf(url)).toEqual({ provider, id });
  });

  it.each(['https://example.com/watch?v=abc', 'https://vimeo.com/about', '/media/x.mp4', 'https://www.youtube.com/watch?v=<script>', ''])(
    '%s → no video',
    (url) => {
      expect(videoIdOf(url)).toBeNull();
    },
  );

  it('builds the embed URL of each provider', () => {
    expect(embedUrlOf({ provider: 'youtube', id: 'dQw4w9WgXcQ' })).toBe(
      'https://www.youtube.com/embed/dQw4w9WgXcQ?feature=oembed&autoplay=1&rel=0&controls=1',
    );
    expect(embedUrlOf({ provider: 'vimeo', id: '235215203' })).toBe('https://player.vimeo.com/video/235215203?autoplay=1&dnt=1');
  });
});
