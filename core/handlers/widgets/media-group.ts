// One media element plays at a time: starting one pauses the others on the page.
const playing = new Set<HTMLMediaElement>();

export function joinMediaGroup(media: HTMLMediaElement): () => void {
  const onPlay = (): void => {
    for (const other of playing) if (other !== media && !other.paused) other.pause();
  };
  playing.add(media);
  media.addEventListener('play', onPlay);
  return () => {
    playing.delete(media);
    media.removeEventListener('play', onPlay);
  };
}
