import type { AnyDb } from '../migration-helpers';

// The document types a saved role policy knew when it was saved (docs/roles.md): a type added later takes the
// role's default instead of counting as unchecked. Rows saved before this column say nothing (null): they were
// saved from the first list of types (core/wire/editorial.ts, FIRST_POLICY_TYPES).
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('role_policies').addColumn('known_types', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('Migrations are forward-only.');
}
