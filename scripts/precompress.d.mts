/** Build-time compressed copies of static files; see precompress.mjs. */
export const COMPRESSIBLE: RegExp;
export function compressedForms(body: Buffer): Promise<{ br: Buffer; gzip: Buffer }>;
export function precompress(dir: string): Promise<number>;
