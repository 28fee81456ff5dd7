import { safeUrl } from '../../../core/security/safe-url';
import { galleryLayoutFor } from '../../../core/handlers/captions/gallery-columns';
import { choices, str, type WidgetDefinition } from '../types';

interface GalleryImage {
  url?: string;
  alt?: string;
  title?: string;
}

/** Gallery: a grid (or masonry) of images opening in one lightbox slideshow; captions from titles. */
export const gallery: WidgetDefinition = {
  type: 'gallery',
  behaviour: { chunk: 'gallery', nearViewport: true },
  title: 'Gallery',
  frontendSettings: ['columns', 'columns_tablet', 'columns_mobile', 'gap', 'gap_tablet', 'gap_mobile'],
  controls: [
    {
      key: 'gallery',
      label: 'Images',
      type: 'repeater',
      fields: [
        { key: 'url', label: 'Image URL', type: 'url' },
        { key: 'alt', label: 'Alternative text', type: 'text' },
        { key: 'title', label: 'Caption (title)', type: 'text' },
      ],
    },
    { key: 'gallery_layout', label: 'Layout', type: 'select', options: choices({ '': 'Grid', grid: 'Grid', masonry: 'Masonry' }) },
    { key: 'columns', label: 'Columns', type: 'number', min: 1, max: 6, responsive: true },
    { key: 'gap', label: 'Gap', type: 'slider', unit: 'px', min: 0, max: 100, responsive: true },
    { key: 'open_lightbox', label: 'Lightbox', type: 'select', options: choices({ yes: 'Yes', no: 'No', default: 'Site default' }) },
  ],
  defaults: {
    gallery: [1, 2, 3, 4, 5, 6].map((i) => ({ url: `/media/recipes/${i}.svg`, alt: `Recipe photo ${i}`, title: `Recipe ${i}` })),
    columns: 3,
  },
  render: (s, _ctx, node) => {
    const images = (Array.isArray(s.gallery) ? s.gallery : []) as GalleryImage[];
    const { columns, spacing } = galleryLayoutFor(s, 'desktop');
    const tablet = galleryLayoutFor(s, 'tablet').columns;
    const mobile = galleryLayoutFor(s, 'mobile').columns;
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
