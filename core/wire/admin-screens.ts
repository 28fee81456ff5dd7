// The admin screens (/admin/{key}; the dashboard is /admin), by key and title, and which of them editors may use:
// the server renders and guards them (server/routes/editor/screens.tsx), the editor's finder lists them.

export const ADMIN_SCREENS: Record<string, string> = {
  dashboard: 'Dashboard',
  documents: 'Pages and popups',
  'debug-log': 'Upload debug log',
  templates: 'Templates library',
  usage: 'Usage events',
  inbox: 'Contact inbox',
  users: 'Accounts',
  content: 'Content blocks',
  'content-performance': 'Content performance',
  catalogue: 'Catalogue', // its own screens: server/routes/admin/catalogue-screens.tsx
  redirects: 'Redirects',
  imports: 'Feed imports',
  reviews: 'Reviews',
  roles: 'Roles',
};

/** Screens editors may use; the others need manage_options (or, for imports, manage_catalogue). */
export const EDITOR_SCREENS: ReadonlySet<string> = new Set([
  'dashboard',
  'templates',
  'documents',
  'content',
  'content-performance',
  'redirects',
  'reviews',
]);

/** The address of an admin screen. */
export const adminScreenPath = (key: string): string => (key === 'dashboard' ? '/admin' : `/admin/${key}`);
