import { escapeHtml } from '../../../core/security/escape-html';

// Share cards: 1200×630 PNGs (the size Open Graph and Twitter's large card show uncropped), drawn from the
// content's name and hue and rendered by sharp, so every recipe, product and weekly ad has one without
// anyone making images (docs/seo.md).

export const CARD = { width: 1200, height: 630 } as const;

function lines(text: string, max: number, count: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((line + ' ' + word).trim().length > max && line) {
      out.push(line);
      line = word;
    } else line = (line + ' ' + word).trim();
  }
  if (line) out.push(line);
  if (out.length > count) out.splice(count, out.length, `${out[count - 1].slice(0, max - 1)}…`);
  return out.slice(0, count);
}

export interface CardText {
  title: string;
  subtitle: string;
  site: string;
  hue: number;
  /** The content's own picture (its product or recipe art, an SVG of ours), set on the card's right. */
  art?: string;
}

const ART = { size: 400, left: 720, top: 70 } as const;

export function cardSvg(card: CardText): string {
  const title = lines(card.title, card.art ? 16 : 24, 3);
  const size = card.art ? 68 : 76;
  const top = 250 - ((title.length - 1) * size * 1.15) / 2;
  const font = 'DejaVu Sans, Arial, sans-serif';
  const hue = ((Math.round(card.hue) % 360) + 360) % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD.width}" height="${CARD.height}" viewBox="0 0 ${CARD.width} ${CARD.height}">
<rect width="100%" height="100%" fill="hsl(${hue}, 45%, 30%)"/>
${
  card.art
    ? `<rect x="${ART.left - 10}" y="${ART.top - 10}" width="${ART.size + 20}" height="${ART.size + 20}" rx="28" fill="#ffffff" opacity="0.9"/>`
    : `<circle cx="1040" cy="150" r="230" fill="hsl(${(hue + 30) % 360}, 60%, 55%)" opacity="0.45"/><circle cx="1120" cy="560" r="160" fill="hsl(${(hue + 90) % 360}, 50%, 60%)" opacity="0.35"/>`
}
${title.map((l, i) => `<text x="80" y="${top + i * size * 1.15}" font-family="${font}" font-size="${size}" font-weight="bold" fill="#ffffff">${escapeHtml(l)}</text>`).join('\n')}
<text x="80" y="${top + title.length * size * 1.15 + 10}" font-family="${font}" font-size="38" fill="#f3efe2">${escapeHtml(lines(card.subtitle, card.art ? 30 : 48, 1)[0] ?? '')}</text>
<rect x="0" y="540" width="${CARD.width}" height="90" fill="#000000" opacity="0.25"/>
<text x="80" y="598" font-family="${font}" font-size="36" font-weight="bold" fill="#ffffff">${escapeHtml(card.site)}</text>
</svg>`;
}

/** sharp (libvips) loads on the first image made: about 20 MB resident that a server making none does not carry. */
const loadSharp = async () => (await import('sharp')).default;

export async function renderCard(card: CardText): Promise<Buffer> {
  const sharp = await loadSharp();
  const base = sharp(Buffer.from(cardSvg(card))).resize(CARD.width, CARD.height, { fit: 'cover' });
  if (card.art) {
    const art = await sharp(Buffer.from(card.art), { density: 300 }).resize(ART.size, ART.size, { fit: 'contain' }).png().toBuffer();
    base.composite([{ input: art, left: ART.left, top: ART.top }]);
  }
  return base.png({ compressionLevel: 8 }).toBuffer();
}

/** The site's logo as a 512×512 PNG (Organization.logo: search engines want a raster image). */
export async function renderLogo(svg: string): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg), { density: 600 }).resize(512, 512).png().toBuffer();
}
