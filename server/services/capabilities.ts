import type { User } from './users';

// What each role may do. The guards (server/auth/guards.ts) turn this into 401/403 answers; services and the
// page layout ask it directly (which stores' orders a user works, which admin links to show).

// edit_content opens the editor and its documents; which document types a role edits, and whether it publishes
// or submits for review, is the role manager's policy (services/editorial/policy.ts). edit_pages is the rest of
// the page-builder area (content blocks, redirects, Site Settings, templates library).
export type Capability = 'edit_pages' | 'edit_content' | 'manage_options' | 'manage_orders' | 'manage_catalogue';

const ROLE_CAPABILITIES: Record<string, Capability[]> = {
  administrator: ['edit_pages', 'edit_content', 'manage_options', 'manage_orders', 'manage_catalogue'],
  // The catalogue and its SEO fields, nothing else (docs/catalogue.md).
  merchandiser: ['manage_catalogue'],
  editor: ['edit_pages', 'edit_content'],
  contributor: ['edit_content'],
  store_staff: ['manage_orders'],
};

export function can(user: User | null, capability: Capability): boolean {
  return !!user && user.roles.some((role) => ROLE_CAPABILITIES[role]?.includes(capability));
}
