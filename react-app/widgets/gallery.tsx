import { safeUrl } from '../../core/security/safe-url';
import { str, type WidgetDefinition } from './types';

interface GalleryImage {
  url?: string;
  alt?: string;
  title?: string;
}

/** Gallery: a grid (or masonry) of images opening in one lightbox slideshow; captions from titles. */
export const gallery: WidgetDefinition = {
  type: 'gallery',
  title: 'Gallery',
  frontendSettings: [],
  render: (s, _ctx, node) => {
    const images = (Array.isArray(s.gallery) ? s.gallery : []) as GalleryImage[];
    const clamp = (v: unknown, fallback: number) => Math.min(6, Math.max(1, Math.floor(Number(v)) || fallback));
    const columns = clamp(s.columns, 3);
    const tablet = clamp(s.columns_tablet, Math.min(columns, 2));
    const mobile = clamp(s.columns_mobile, 1);
    const spacing = Math.min(100, Math.max(0, Number(s.gap ?? 30)));
    return (
      <div
        className="e-gallery"
        data-layout={s.gallery_layout === 'masonry' ? 'masonry' : 'grid'}
        data-columns={columns}
        data-columns-tablet={tablet}
        data-columns-mobile={mobile}
        data-spacing={spacing}
        style={{
          ['--e-gallery-columns' as string]: columns,
          ['--e-gallery-columns-tablet' as string]: tablet,
          ['--e-gallery-columns-mobile' as string]: mobile,
          ['--e-gallery-gap' as string]: `${spacing}px`,
        }}
      >
        {images.map((img, i) => {
          const src = safeUrl(img.url);
          if (!src) return null;
          return (
            <div className="e-gallery-item" key={i}>
              <a href={src} data-elementor-open-lightbox={str(s.open_lightbox, 'yes')} data-elementor-lightbox-slideshow={node.id}>
                <img src={src} alt={str(img.alt)} title={img.title ? str(img.title) : undefined} loading="lazy" />
              </a>
            </div>
          );
        })}
      </div>
    );
  },
};
