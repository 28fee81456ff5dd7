import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

export interface User {
  id: number;
  email: string;
  name: string;
  roles: string[];
  segment_ids: number[];
  store_id: number | null;
}

export const parseJson = <T>(text: string | null | undefined, fallback: T): T => {
  if (!text) return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

export function toUser(row: {
  id: number;
  email: string;
  name: string;
  roles: string;
  segment_ids: string;
  store_id: number | null;
}): User {
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    roles: parseJson(row.roles, []),
    segment_ids: parseJson(row.segment_ids, []),
    store_id: row.store_id,
  };
}

export async function findUserByEmail(db: Kysely<Database>, email: string) {
  return db.selectFrom('users').selectAll().where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
}

export const hasRole = (user: User | null, ...roles: string[]): boolean => !!user && user.roles.some((r) => roles.includes(r));
