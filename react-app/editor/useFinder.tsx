import { useCallback, useState, type ReactNode } from 'react';
import { ADMIN_SCREENS, adminScreenPath, EDITOR_SCREENS } from '../../core/wire/admin-screens';
import type { ElementNode } from '../widgets/types';
import { panelControlsOf } from '../widgets/controls/schema';
import { PREVIEW_DEVICES, type PreviewDevice } from './DeviceSwitcher';
import type { DrawerName } from './Drawer';
import type { SidePanel } from './EditorToolbar';
import { Finder } from './Finder';
import type { FinderEntry } from './finder';
import { PALETTE } from './WidgetPanel';

// What the finder (Ctrl+E) offers besides the documents: the editor's panels and drawers, the devices, the selected
// element's settings (its tab opened, the field focused), every widget (added as the panel adds it) and the admin
// screens an editor may use.

const NONE: FinderEntry[] = [];
const TAB_LABEL: Record<string, string> = { content: 'Content', style: 'Style', advanced: 'Advanced' };

/** Focuses an element once React has rendered it (a tab just opened, a panel just shown). */
function focusSoon(selector: string, tries = 10): void {
  const el = document.querySelector<HTMLElement>(selector);
  if (el) el.focus();
  else if (tries > 0) requestAnimationFrame(() => focusSoon(selector, tries - 1));
}

export function useFinder(p: {
  node: ElementNode | null;
  documentType: string;
  onPanel: (panel: SidePanel) => void;
  onDrawer: (drawer: DrawerName) => void;
  onDevice: (device: PreviewDevice) => void;
  onNavigator: (open: boolean) => void;
  onShortcuts: () => void;
  onAdd: (type: string) => void;
}): { finder: ReactNode; openFinder: () => void } {
  const [open, setOpen] = useState(false);
  const { node } = p;
  const build = (): FinderEntry[] => {
    const editor = (title: string, run: () => void, keywords = ''): FinderEntry => ({ kind: 'Editor', title, keywords, run });
    const settings: FinderEntry[] = node
      ? panelControlsOf(node).map((c) => ({
          kind: 'Setting' as const,
          title: c.label,
          keywords: `${TAB_LABEL[c.tab ?? 'content'] ?? ''} ${c.section ?? ''} ${c.key}`,
          run: () => {
            p.onPanel('element');
            focusSoon(`#settings-tab-${c.tab ?? 'content'}`, 0);
            document.getElementById(`settings-tab-${c.tab ?? 'content'}`)?.click();
            focusSoon(`#ctl-${CSS.escape(node.id)}-${CSS.escape(c.key)}${c.subKey ? `-${CSS.escape(c.subKey)}` : ''}`);
          },
        }))
      : [];
    return [
      editor(p.documentType === 'popup' ? 'Popup settings' : 'Page settings', () => p.onPanel('document'), 'document title slug seo'),
      editor('Site Settings', () => p.onPanel('site'), 'kit colours fonts breakpoints'),
      editor('Navigator', () => p.onNavigator(true), 'structure tree layers'),
      editor('History', () => p.onDrawer('history'), 'revisions restore'),
      editor('Schedule', () => p.onDrawer('schedule'), 'publish later unpublish'),
      ...(p.documentType === 'page' ? [editor('Preview as…', () => p.onDrawer('preview-as'), 'shopper store link')] : []),
      ...PREVIEW_DEVICES.map((d) => editor(`${d[0].toUpperCase()}${d.slice(1)} preview`, () => p.onDevice(d), 'device responsive')),
      editor('Keyboard shortcuts', p.onShortcuts, 'keys help'),
      ...settings,
      ...PALETTE.map((w) => ({ kind: 'Widget' as const, title: w.title, keywords: `add ${w.type}`, run: () => p.onAdd(w.type) })),
      ...Object.entries(ADMIN_SCREENS)
        .filter(([key]) => EDITOR_SCREENS.has(key))
        .map(([key, title]) => ({
          kind: 'Admin screen' as const,
          title,
          keywords: adminScreenPath(key),
          run: () => location.assign(adminScreenPath(key)),
        })),
    ];
  };
  const entries = open ? build() : NONE;
  // Constant while closed (the Finder is memoised): a key typed in a control does not render it again.
  const close = useCallback(() => setOpen(false), []);
  return { finder: <Finder open={open} onClose={close} entries={entries} />, openFinder: () => setOpen(true) };
}
