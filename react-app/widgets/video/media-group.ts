import type { Connectable } from '../../../core/handlers/base';

// One media element plays at a time: starting one pauses the others on the page.
const playing = new Set<HTMLMediaElement>();

export class MediaGroupMember implements Connectable {
  constructor(private readonly media: HTMLMediaElement) {}

  private readonly onPlay = (): void => {
    for (const other of playing) if (other !== this.media && !other.paused) other.pause();
  };

  connect(): void {
    playing.add(this.media);
    this.media.addEventListener('play', this.onPlay);
  }

  disconnect(): void {
    playing.delete(this.media);
    this.media.removeEventListener('play', this.onPlay);
  }
}
