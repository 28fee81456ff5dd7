// The page's likely largest paint: the first large image of its main content. Elementor and WordPress do the
// same (the first content image gets fetchpriority="high" and is never lazy): the browser otherwise fetches it
// at low priority among the page's modules and, when lazy, only once layout has placed it in the viewport.

/** Smallest width × height (from the tag's attributes) that counts as large: WordPress's threshold. */
export const LARGE_IMAGE_AREA = 50_000;

const attr = (tag: string, name: string): string | undefined => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Marks the first `<img>` inside `<main>` whose width × height attributes reach LARGE_IMAGE_AREA with
 * fetchpriority="high" and drops its loading="lazy". An image already given a priority by its author is left as
 * it is, and so is every image after it; markup without a main region or a large image comes back unchanged.
 */
export function prioritizeLcpImage(html: string): string {
  const main = html.search(/<main[\s>]/);
  if (main < 0) return html;
  const end = html.indexOf('</main>', main);
  const tags = /<img\s[^>]*>/g;
  tags.lastIndex = main;
  for (let m = tags.exec(html); m && (end < 0 || m.index < end); m = tags.exec(html)) {
    const tag = m[0];
    const area = Number(attr(tag, 'width')) * Number(attr(tag, 'height'));
    if (!(area >= LARGE_IMAGE_AREA)) continue;
    if (attr(tag, 'fetchpriority') !== undefined) return html;
    const marked = tag.replace(/\sloading="lazy"/, '').replace(/^<img\s/, '<img fetchpriority="high" ');
    return html.slice(0, m.index) + marked + html.slice(m.index + tag.length);
  }
  return html;
}
