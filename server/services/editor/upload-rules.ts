// What the rich-text editor may upload: raster images recognised by their first bytes (not by the name or
// the declared type), at most UPLOAD_MAX_BYTES. SVG is refused: it can carry scripts (CVE-2020-36703).

export const UPLOAD_MAX_BYTES = 2 * 1024 * 1024;

export interface ImageKind {
  mime: string;
  ext: string;
}

export function sniffImage(head: Uint8Array): ImageKind | null {
  const b = (i: number) => head[i];
  if (b(0) === 0x89 && b(1) === 0x50 && b(2) === 0x4e && b(3) === 0x47) return { mime: 'image/png', ext: 'png' };
  if (b(0) === 0xff && b(1) === 0xd8 && b(2) === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  const ascii = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (ascii(0, 6) === 'GIF87a' || ascii(0, 6) === 'GIF89a') return { mime: 'image/gif', ext: 'gif' };
  if (ascii(0, 4) === 'RIFF' && ascii(8, 12) === 'WEBP') return { mime: 'image/webp', ext: 'webp' };
  return null;
}

function looksLikeSvg(name: string, declared: string, head: Uint8Array): boolean {
  const text = new TextDecoder().decode(head.subarray(0, 512)).toLowerCase();
  return /\.svgz?$/i.test(name) || declared.includes('svg') || text.includes('<svg');
}

export type UploadVerdict = { ok: true; kind: ImageKind } | { ok: false; reason: string };

/** Decides on an upload from its name, declared type, size and first bytes. */
export function checkUpload(input: {
  name: string;
  declaredType: string;
  size: number;
  truncated: boolean;
  head: Uint8Array;
}): UploadVerdict {
  if (input.truncated || input.size > UPLOAD_MAX_BYTES)
    return { ok: false, reason: `The file is larger than ${UPLOAD_MAX_BYTES / 1024 / 1024} MB.` };
  if (input.size === 0) return { ok: false, reason: 'The file is empty.' };
  if (looksLikeSvg(input.name, input.declaredType, input.head))
    return { ok: false, reason: 'SVG images are not accepted because they can carry scripts.' };
  const kind = sniffImage(input.head);
  if (!kind) return { ok: false, reason: 'Only PNG, JPEG, GIF and WebP images can be uploaded.' };
  return { ok: true, kind };
}
