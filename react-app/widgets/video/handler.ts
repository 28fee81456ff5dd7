import { Handler } from '../../../core/handlers/base';
import { loadVideoApi } from '../../../core/handlers/lightbox/video-api';
import { MediaGroupMember } from './media-group';
import { playbackAttributes, youtubePlayerVars, type PlaybackSettings } from './media-rules';

interface YouTubeApi {
  Player: new (
    el: HTMLElement,
    options: { videoId: string; playerVars: Record<string, number>; events?: Record<string, () => void> },
  ) => { destroy(): void };
}

/**
 * Video widget. Hosted videos: never autoplay with sound, one plays at a time. YouTube without an image
 * overlay: a play button loads the provider's API (inserted once, polled every 350 ms) and starts the
 * player in place. Overlays with lightbox are plain lightbox links handled by the lightbox chunk.
 */
export default class VideoHandler extends Handler<PlaybackSettings & { video_type?: string }> {
  override connect(): void {
    const video = this.element.querySelector<HTMLVideoElement>('video');
    if (video) {
      const attrs = playbackAttributes(this.settings);
      video.muted = attrs.muted;
      if (!attrs.autoplay) video.autoplay = false;
      this.use(new MediaGroupMember(video));
    }
    const facade = this.element.querySelector<HTMLButtonElement>('.e-video-facade[data-video-id]');
    if (facade) this.listen(facade, 'click', () => void this.playYouTube(facade));
  }

  private async playYouTube(facade: HTMLButtonElement): Promise<void> {
    facade.disabled = true;
    facade.setAttribute('aria-busy', 'true');
    await loadVideoApi('youtube');
    const YT = (window as unknown as { YT: YouTubeApi }).YT;
    const target = document.createElement('div');
    facade.replaceWith(target);
    const player = new YT.Player(target, {
      videoId: facade.dataset.videoId!,
      playerVars: { ...youtubePlayerVars(this.settings), autoplay: 1 },
    });
    this.onCleanup(() => player.destroy());
  }
}
