import { describe, expect, it } from 'vitest';
import { playbackAttributes, youtubePlayerVars } from './media-rules';

describe('playback attributes', () => {
  it.each([
    [{}, { autoplay: false, muted: false, loop: false, controls: true, playsInline: true }],
    [{ autoplay: 'yes' }, { autoplay: true, muted: true, loop: false, controls: true, playsInline: true }],
    [
      { autoplay: 'yes', mute: '' },
      { autoplay: true, muted: true, loop: false, controls: true, playsInline: true },
    ],
    [
      { mute: 'yes', loop: 'yes' },
      { autoplay: false, muted: true, loop: true, controls: true, playsInline: true },
    ],
    [{ controls: 'no' }, { autoplay: false, muted: false, loop: false, controls: true, playsInline: true }],
    [
      { controls: 'no', autoplay: 'yes' },
      { autoplay: true, muted: true, loop: false, controls: false, playsInline: true },
    ],
  ])('%j → never autoplays with sound', (s, attrs) => expect(playbackAttributes(s)).toEqual(attrs));
  it('maps to YouTube player vars', () => {
    expect(youtubePlayerVars({ autoplay: 'yes' })).toEqual({ autoplay: 1, mute: 1, loop: 0, controls: 1, rel: 0, playsinline: 1 });
  });
});
