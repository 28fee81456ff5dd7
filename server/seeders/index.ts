import { seedContentBlocks } from './content-blocks';
import type { Seeder } from './seeder';

// Seeders of individual features (content blocks, popups, …), run after the core seed inside the same
// transaction. Each is idempotent. Add a file in this folder and one line here.
export type { Seeder };

export const seeders: Seeder[] = [seedContentBlocks];
