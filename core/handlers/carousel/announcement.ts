// What the carousel's live region says after an arrow moved it (docs/behaviour.md slider accessibility strings).
// Swiper's a11y module says this only for its own Enter/Space handling of div arrows; ours are native
// buttons whose keys become clicks (see native-buttons.ts), so every arrow click is announced here.

export interface AnnouncementMessages {
  prevSlideMessage: string;
  nextSlideMessage: string;
  firstSlideMessage: string;
  lastSlideMessage: string;
}

export const DEFAULT_ANNOUNCEMENTS: AnnouncementMessages = {
  prevSlideMessage: 'Previous slide',
  nextSlideMessage: 'Next slide',
  firstSlideMessage: 'This is the first slide',
  lastSlideMessage: 'This is the last slide',
};

export interface CarouselPosition {
  isBeginning: boolean;
  isEnd: boolean;
  /** An infinite carousel has no edges to announce. */
  loop: boolean;
}

export function announcementFor(direction: 'prev' | 'next', at: CarouselPosition, messages: AnnouncementMessages): string {
  if (direction === 'next') return at.isEnd && !at.loop ? messages.lastSlideMessage : messages.nextSlideMessage;
  return at.isBeginning && !at.loop ? messages.firstSlideMessage : messages.prevSlideMessage;
}
