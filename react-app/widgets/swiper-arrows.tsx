// The previous/next buttons every Swiper-based widget renders (real buttons, labelled for screen readers).
export function SwiperArrows() {
  return (
    <>
      <button type="button" className="elementor-swiper-button elementor-swiper-button-prev" aria-label="Previous slide">
        <span aria-hidden="true">‹</span>
      </button>
      <button type="button" className="elementor-swiper-button elementor-swiper-button-next" aria-label="Next slide">
        <span aria-hidden="true">›</span>
      </button>
    </>
  );
}
