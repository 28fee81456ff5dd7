// Video and audio playback attributes: never autoplay with sound (browsers block it, visitors hate it).

export interface PlaybackSettings {
  [key: string]: unknown;
  autoplay?: string;
  mute?: string;
  loop?: string;
  controls?: string;
  play_on_mobile?: string;
}

export interface PlaybackAttributes {
  autoplay: boolean;
  muted: boolean;
  loop: boolean;
  controls: boolean;
  playsInline: boolean;
}

export function playbackAttributes(s: PlaybackSettings): PlaybackAttributes {
  const autoplay = s.autoplay === 'yes';
  return {
    autoplay,
    muted: autoplay || s.mute === 'yes', // autoplay only ever muted
    loop: s.loop === 'yes',
    controls: s.controls !== 'no' || !autoplay, // a video that does not play itself keeps its controls
    playsInline: true,
  };
}

/** YouTube player parameters for the inline player (API-driven). */
export function youtubePlayerVars(s: PlaybackSettings): Record<string, number> {
  const a = playbackAttributes(s);
  return {
    autoplay: a.autoplay ? 1 : 0,
    mute: a.muted ? 1 : 0,
    loop: a.loop ? 1 : 0,
    controls: a.controls ? 1 : 0,
    rel: 0,
    playsinline: 1,
  };
}
