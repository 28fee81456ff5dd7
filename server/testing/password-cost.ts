import type { ScryptCost } from '../auth/passwords';

/**
 * The scrypt cost of accounts a test writes as fixtures (the template's seeded accounts, a test's own shoppers):
 * the same code hashes and verifies them, but at 1/16 of the production cost (about 4 ms of CPU a hash or sign-in
 * instead of 63). Tests of hashing itself, and accounts the server creates (sign-up, set-up links), keep the
 * production cost.
 */
export const TEST_PASSWORD_COST: ScryptCost = { N: 1024, r: 8, p: 1 };
