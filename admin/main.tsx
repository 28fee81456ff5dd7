import type { ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { ContentScreen } from './content/ContentScreen';
import { PerformanceScreen } from './content-performance/PerformanceScreen';
import { DebugLogScreen } from './debug-log/DebugLogScreen';
import { DocumentsScreen } from './documents/DocumentsScreen';
import { TemplatesScreen } from './templates/TemplatesScreen';
import { UsageScreen } from './usage/UsageScreen';
import { InboxScreen } from './inbox/InboxScreen';
import { ImportsScreen } from './imports/ImportsScreen';
import { UsersScreen } from './users/UsersScreen';
import { RedirectsScreen } from './redirects/RedirectsScreen';
import { StaffOrdersScreen, type StaffScreenData } from './staff-orders/StaffOrdersScreen';
import { CatalogueScreen } from './catalogue/CatalogueScreen';
import { DashboardScreen } from './dashboard/DashboardScreen';
import { RolesScreen } from './roles/RolesScreen';
import { ReviewsScreen } from './reviews/ReviewsScreen';

// The admin screens entry: the server renders the chrome and the heading, this mounts the screen.
const root = document.getElementById('admin-root');
if (root) {
  const canManage = root.dataset.canManage === 'yes';
  const screens: Record<string, () => ReactNode> = {
    dashboard: () => <DashboardScreen />,
    'debug-log': () => <DebugLogScreen />,
    documents: () => <DocumentsScreen />,
    templates: () => <TemplatesScreen canManage={canManage} />,
    usage: () => <UsageScreen />,
    inbox: () => <InboxScreen />,
    imports: () => <ImportsScreen />,
    users: () => <UsersScreen />,
    content: () => <ContentScreen />,
    'content-performance': () => <PerformanceScreen />,
    catalogue: () => <CatalogueScreen section={root.dataset.section ?? ''} />,
    redirects: () => <RedirectsScreen />,
    roles: () => <RolesScreen />,
    // Publishers approve here; a contributor sees the queue of what it may edit (the server checks each action).
    reviews: () => <ReviewsScreen canPublish={root.dataset.canPublish === 'yes'} />,
    'staff-orders': () => (
      <StaffOrdersScreen data={JSON.parse(document.getElementById('staff-orders-data')?.textContent ?? '{}') as StaffScreenData} />
    ),
  };
  const screen = screens[root.dataset.screen ?? ''];
  if (screen) createRoot(root).render(screen());
}
