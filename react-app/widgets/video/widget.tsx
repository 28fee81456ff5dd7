import { safeUrl } from '../../../core/security/safe-url';
import { videoIdOf } from '../../../core/handlers/lightbox/rules';
import { playbackAttributes } from './media-rules';
import { choices, str, type WidgetDefinition } from '../types';

// Video: YouTube or Vimeo (image overlay → lightbox link, or a play button that loads the provider's
// player in place) and hosted files (<video>, never autoplaying with sound).

const urlOf = (v: unknown): string | null => safeUrl(v && typeof v === 'object' ? (v as { url?: unknown }).url : v);

export const video: WidgetDefinition = {
  type: 'video',
  behaviour: { chunk: 'video' },
  title: 'Video',
  frontendSettings: ['video_type', 'autoplay', 'mute', 'loop', 'controls', 'lightbox'],
  controls: [
    { key: 'video_type', label: 'Source', type: 'select', options: choices({ youtube: 'YouTube', vimeo: 'Vimeo', hosted: 'Self hosted' }) },
    { key: 'youtube_url', label: 'YouTube URL', type: 'url' },
    { key: 'vimeo_url', label: 'Vimeo URL', type: 'url' },
    { key: 'hosted_url', subKey: 'url', label: 'Video file URL', type: 'url' },
    { key: 'video_title', label: 'Title', type: 'text' },
    { key: 'autoplay', label: 'Autoplay (muted)', type: 'switcher' },
    { key: 'mute', label: 'Mute', type: 'switcher' },
    { key: 'loop', label: 'Loop', type: 'switcher' },
    { key: 'controls', label: 'Player controls', type: 'select', options: choices({ '': 'Show', yes: 'Show', no: 'Hide' }) },
    { key: 'show_image_overlay', label: 'Image overlay', type: 'switcher' },
    { key: 'image_overlay', subKey: 'url', label: 'Overlay image URL', type: 'url' },
    { key: 'lightbox', label: 'Play in a lightbox', type: 'switcher' },
  ],
  defaults: { video_type: 'youtube', youtube_url: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ', video_title: 'Video' },
  render: (s) => {
    const type = str(s.video_type, 'youtube');
    const title = str(s.video_title, 'Video');
    const overlay = s.show_image_overlay === 'yes' ? urlOf(s.image_overlay) : null;
    if (type === 'hosted') {
      const src = urlOf(s.hosted_url);
      if (!src) return null;
      const a = playbackAttributes(s);
      return (
        <div className="elementor-wrapper e-hosted-video">
          <video
            className="elementor-video"
            src={src}
            poster={overlay ?? undefined}
            controls={a.controls}
            muted={a.muted}
            autoPlay={a.autoplay}
            loop={a.loop}
            playsInline
            preload="metadata"
            aria-label={title}
          />
        </div>
      );
    }
    const url = str(type === 'vimeo' ? s.vimeo_url : s.youtube_url);
    const id = videoIdOf(url);
    if (!id) return null;
    const safe = safeUrl(url)!;
    if (overlay && s.lightbox === 'yes') {
      return (
        <div className="elementor-wrapper elementor-open-lightbox">
          <a
            className="elementor-custom-embed-image-overlay"
            href={safe}
            data-elementor-open-lightbox="yes"
            data-elementor-lightbox-video={safe}
            aria-label={`Play video: ${title}`}
          >
            <img src={overlay} alt="" loading="lazy" />
            <span className="elementor-custom-embed-play" aria-hidden="true">
              ▶
            </span>
          </a>
        </div>
      );
    }
    return (
      <div className="elementor-wrapper">
        <button
          type="button"
          className="e-video-facade"
          data-video-id={id.id}
          data-provider={id.provider}
          aria-label={`Play video: ${title}`}
          style={overlay ? { backgroundImage: `url("${encodeURI(overlay)}")` } : undefined}
        >
          <span className="elementor-custom-embed-play" aria-hidden="true">
            ▶
          </span>
        </button>
      </div>
    );
  },
};

export const audio: WidgetDefinition = {
  type: 'audio',
  behaviour: { chunk: 'audio' },
  title: 'Audio',
  frontendSettings: [],
  controls: [
    { key: 'audio_url', subKey: 'url', label: 'Audio file URL', type: 'url' },
    { key: 'audio_title', label: 'Title', type: 'text' },
    { key: 'loop', label: 'Loop', type: 'switcher' },
  ],
  defaults: { audio_url: { url: '/media/samples/harvest-chime.wav' }, audio_title: 'Store chime' },
  render: (s) => {
    const src = urlOf(s.audio_url ?? s.link);
    if (!src) return null;
    const title = str(s.audio_title, 'Audio');
    return (
      <figure className="e-audio">
        <figcaption className="e-audio-title">{title}</figcaption>
        <audio controls preload="none" src={src} aria-label={title} loop={s.loop === 'yes'} />
        <span className="e-audio-status" role="status" />
      </figure>
    );
  },
};
