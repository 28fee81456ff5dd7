import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

// A shareable preview link: which document, as which simulated shopper (store, user groups, device), the
// draft or the site at a date, and when the link stops working; signed with the server's secret so it cannot be altered, and readable by whoever holds
// it (another editor) without signing in until it expires.

export const PREVIEW_DEVICES = ['desktop', 'tablet', 'mobile'] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number];

export const previewClaims = z.object({
  doc: z.number().int().positive(),
  /** 'draft': the editor's draft; 'at': what visitors will see at `at` (schedule applied). */
  mode: z.enum(['draft', 'at']),
  at: z.number().int().nullable(),
  store: z.number().int().positive().nullable(),
  /** The simulated visitor's user groups (segments); empty: an anonymous visitor. */
  groups: z.array(z.number().int().positive()).max(20).default([]),
  device: z.enum(PREVIEW_DEVICES).default('desktop'),
  exp: z.number().int(),
});
export type PreviewClaims = z.infer<typeof previewClaims>;

/** The viewport each simulated device gets (the phone is the size the e2e tests use). */
export const DEVICE_VIEWPORTS: Record<PreviewDevice, { width: number; height: number } | null> = {
  desktop: null,
  tablet: { width: 768, height: 1024 },
  mobile: { width: 390, height: 844 },
};

const mac = (secret: string, payload: string) => createHmac('sha256', `preview|${secret}`).update(payload).digest('base64url');

export function signPreview(secret: string, claims: PreviewClaims): string {
  const payload = Buffer.from(JSON.stringify(claims)).toString('base64url');
  return `${payload}.${mac(secret, payload)}`;
}

export type PreviewCheck = { ok: true; claims: PreviewClaims } | { ok: false; reason: 'invalid' | 'expired' };

export function verifyPreview(secret: string, token: string, now = Date.now()): PreviewCheck {
  const [payload, signature, extra] = token.split('.');
  if (!payload || !signature || extra !== undefined || token.length > 600) return { ok: false, reason: 'invalid' };
  const expected = Buffer.from(mac(secret, payload));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { ok: false, reason: 'invalid' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
  } catch {
    return { ok: false, reason: 'invalid' };
  }
  const claims = previewClaims.safeParse(parsed);
  if (!claims.success) return { ok: false, reason: 'invalid' };
  if (claims.data.exp <= now) return { ok: false, reason: 'expired' };
  return { ok: true, claims: claims.data };
}
