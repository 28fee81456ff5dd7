import { randomBytes } from 'node:crypto';
import { IMAGE_WIDTHS, imageUrl, imageWidths, type StoredImage } from '../../../core/wire/catalogue-admin';
import type { FileStorage } from '../editor/storage';
import { checkUpload } from '../editor/upload-rules';
import type { Tx } from './common';

// Product and recipe images: the upload rules of the rich-text editor (type from the first bytes, no SVG, at
// most UPLOAD_MAX_BYTES), then sharp resizes the image to the widths the pages use (IMAGE_WIDTHS, WebP,
// never wider than the original) and each size is stored as an upload row of its own, served from
// /media/catalogue/{key}-{width}.webp (docs/catalogue.md).

/** Pixels an upload may decode to: a few-KB file may claim 50 000 × 50 000 pixels (a decompression bomb). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ImageOutcome = { ok: true; image: StoredImage } | { ok: false; reason: string };

/** sharp (libvips) loads on the first upload: about 20 MB resident that a server resizing none does not carry. */
const loadSharp = async () => (await import('sharp')).default;

export async function storeCatalogueImage(
  db: Tx,
  storage: FileStorage,
  input: { name: string; declaredType: string; body: Buffer; truncated: boolean; userId: number | null },
): Promise<ImageOutcome> {
  const verdict = checkUpload({
    name: input.name,
    declaredType: input.declaredType,
    size: input.body.length,
    truncated: input.truncated,
    head: input.body.subarray(0, 512),
  });
  if (!verdict.ok) return verdict;
  const sharp = await loadSharp();
  let width: number;
  let height: number;
  try {
    const meta = await sharp(input.body, { limitInputPixels: MAX_INPUT_PIXELS }).rotate().metadata();
    // EXIF orientation 5–8 swaps the sides once rotated.
    const swap = (meta.orientation ?? 1) >= 5;
    width = (swap ? meta.height : meta.width) ?? 0;
    height = (swap ? meta.width : meta.height) ?? 0;
  } catch {
    return { ok: false, reason: 'The image could not be read.' };
  }
  if (!width || !height) return { ok: false, reason: 'The image could not be read.' };
  const key = `${Date.now().toString(36)}-${randomBytes(6).toString('hex')}`;
  const image: StoredImage = { key, alt: '', width, height };
  const now = Date.now();
  try {
    for (const w of imageWidths(image)) {
      const body = await sharp(input.body, { limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width: w, withoutEnlargement: false })
        .webp({ quality: 80 })
        .toBuffer();
      const storageKey = `${key}-${w}.webp`;
      await storage.put(storageKey, body, 'image/webp');
      await db
        .insertInto('uploads')
        .values({
          storage_key: storageKey,
          original_name: input.name,
          mime: 'image/webp',
          size: body.length,
          url: imageUrl(key, w),
          user_id: input.userId,
          created_at: now,
        })
        .execute();
    }
  } catch {
    return { ok: false, reason: 'The image could not be read.' };
  }
  return { ok: true, image };
}

/** The index of the first image whose key names no stored set, or null when every one is stored. */
export async function missingImages(db: Tx, images: ReadonlyArray<Pick<StoredImage, 'key'>>): Promise<number | null> {
  if (images.length === 0) return null;
  const smallest = images.map((i) => `${i.key}-${IMAGE_WIDTHS[0]}.webp`);
  const rows = await db.selectFrom('uploads').select('storage_key').where('storage_key', 'in', smallest).execute();
  const found = new Set(rows.map((r) => r.storage_key));
  const index = smallest.findIndex((k) => !found.has(k));
  return index === -1 ? null : index;
}
