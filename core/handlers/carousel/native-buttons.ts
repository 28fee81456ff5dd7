// Swiper's a11y module moves on Enter/Space on the arrows itself, written for div arrows. Ours are real
// <button>s, whose Enter/Space already produce a click, so the slide would move twice. Stop the key event
// before it reaches Swiper's listener; the browser's click still happens.
export function keepNativeButtonKeys(root: HTMLElement): () => void {
  const onKey = (event: KeyboardEvent): void => {
    const target = event.target as Element | null;
    if (
      (event.key === 'Enter' || event.key === ' ') &&
      target instanceof HTMLButtonElement &&
      target.classList.contains('elementor-swiper-button')
    )
      event.stopPropagation();
  };
  root.addEventListener('keydown', onKey, true);
  return () => root.removeEventListener('keydown', onKey, true);
}
