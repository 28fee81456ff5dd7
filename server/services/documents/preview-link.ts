import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema';
import { z } from 'zod';

// A shareable preview link: which document, as which simulated shopper (store, user groups, device), the
// draft or the site at a date, and when the link stops working. Kept on the server (migration 183) behind a short
// random token, readable by whoever holds it (another editor) without signing in, until it expires or is revoked,
// while its document is not trashed and its creator may still edit pages (docs/security.md).

export const PREVIEW_DEVICES = ['desktop', 'tablet', 'mobile'] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number];

/** User groups one preview may simulate. */
export const PREVIEW_MAX_GROUPS = 50;

export const previewClaims = z.object({
  doc: z.number().int().positive(),
  /** 'draft': the editor's draft; 'at': what visitors will see at `at` (schedule applied). */
  mode: z.enum(['draft', 'at']),
  at: z.number().int().nullable(),
  store: z.number().int().positive().nullable(),
  /** The simulated visitor's user groups (segments); empty: an anonymous visitor. */
  groups: z.array(z.number().int().positive()).max(PREVIEW_MAX_GROUPS).default([]),
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

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Keeps a new link's claims on the server; the URL token is 22 random characters, whatever the selection. */
export async function createPreviewLink(db: Kysely<Database>, claims: PreviewClaims, createdBy: number, now = Date.now()): Promise<string> {
  const token = randomBytes(16).toString('base64url');
  await db
    .insertInto('preview_links')
    .values({
      token_hash: hashToken(token),
      document_id: claims.doc,
      created_by: createdBy,
      claims: JSON.stringify(claims),
      expires_at: claims.exp,
      revoked_at: null,
      created_at: now,
    })
    .execute();
  return token;
}

export type PreviewCheck =
  | { ok: true; claims: PreviewClaims; createdBy: number }
  | { ok: false; reason: 'invalid' | 'expired' | 'revoked' };

/** The link of a token: unknown (or malformed) is invalid; then revoked, then expired. */
export async function findPreviewLink(db: Kysely<Database>, token: string, now = Date.now()): Promise<PreviewCheck> {
  if (!/^[\w-]{16,64}$/.test(token)) return { ok: false, reason: 'invalid' };
  const row = await db.selectFrom('preview_links').selectAll().where('token_hash', '=', hashToken(token)).executeTakeFirst();
  if (!row) return { ok: false, reason: 'invalid' };
  if (row.revoked_at !== null) return { ok: false, reason: 'revoked' };
  if (Number(row.expires_at) <= now) return { ok: false, reason: 'expired' };
  let parsed: unknown = null;
  try {
    parsed = JSON.parse(row.claims);
  } catch {
    /* a damaged row reads as invalid */
  }
  const claims = previewClaims.safeParse(parsed);
  return claims.success ? { ok: true, claims: claims.data, createdBy: row.created_by } : { ok: false, reason: 'invalid' };
}

/** Revokes every live link of a document; how many. */
export async function revokePreviewLinks(db: Kysely<Database>, documentId: number, now = Date.now()): Promise<number> {
  const { numUpdatedRows } = await db
    .updateTable('preview_links')
    .set({ revoked_at: now })
    .where('document_id', '=', documentId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(numUpdatedRows);
}

/** Drops links that ended a day ago (pruning). */
export async function pruneExpiredPreviewLinks(db: Kysely<Database>, now = Date.now()): Promise<void> {
  await db
    .deleteFrom('preview_links')
    .where('expires_at', '<', now - 86_400_000)
    .execute();
}
