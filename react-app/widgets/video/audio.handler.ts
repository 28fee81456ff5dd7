import { Handler } from '../../../core/handlers/base';
import { MediaGroupMember } from './media-group';

/** Audio widget: no autoplay ever, one player at a time, the current time announced on the label. */
export default class AudioHandler extends Handler {
  override connect(): void {
    const audio = this.element.querySelector<HTMLAudioElement>('audio');
    if (!audio) return;
    audio.autoplay = false;
    this.use(new MediaGroupMember(audio));
    const status = this.element.querySelector<HTMLElement>('.e-audio-status');
    if (status) {
      const show = (state: string) => () => (status.textContent = state);
      this.listen(audio, 'play', show('Playing'));
      this.listen(audio, 'pause', show('Paused'));
      this.listen(audio, 'ended', show('Finished'));
    }
  }
}
