import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { track } from '../../core/events/track';
import { KitsPanel } from '../kits/KitsPanel';
import { TemplateRegistry } from './template-registry';
import { useAdminData } from '../use-admin-data';
import { AdminStatus } from '../admin-status';

interface TemplateItem {
  id: number;
  title: string;
  doc_type: string;
  folder: string;
  description?: string;
}

interface SectionProps {
  canManage: boolean;
}

function TemplateList({ source, canManage }: SectionProps & { source: 'cloud' | 'site' }) {
  const [folder, setFolder] = useState('');
  const [message, setMessage] = useState('');
  const [list] = useAdminData(source === 'cloud' ? editorApi.cloudTemplates : editorApi.siteTemplates, setMessage);
  const items: TemplateItem[] | null = list?.items ?? null;
  const folders = useMemo(() => [...new Set((items ?? []).map((t) => t.folder).filter(Boolean))].sort(), [items]);
  const shown = (items ?? []).filter((t) => !folder || t.folder === folder);

  const apply = async (t: TemplateItem) => {
    try {
      const r = await api(editorApi.applyCloudTemplate, { params: { id: t.id } });
      setMessage(r.template ? `“${t.title}” was added to your site templates.` : `“${t.title}” is already in your site templates.`);
    } catch (e) {
      setMessage((e as Error).message);
    }
  };

  return (
    <div className="template-list">
      <div className="template-folders">
        <label htmlFor={`folder-${source}`}>Folder</label>
        <select
          id={`folder-${source}`}
          value={folder}
          onChange={(e) => {
            setFolder(e.target.value);
            track('templates_library_view', { tab: source, folder: e.target.value || 'all' });
          }}
        >
          <option value="">All folders</option>
          {folders.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </div>
      <AdminStatus message={message} />
      {items === null ? (
        <p>Loading…</p>
      ) : (
        <ul className="template-cards">
          {shown.map((t) => (
            <li key={t.id} className="template-card">
              <h2 className="template-card__title">{t.title}</h2>
              <p className="template-card__meta">
                {t.doc_type} · {t.folder || 'No folder'}
              </p>
              {t.description ? <p>{t.description}</p> : null}
              {source === 'site' ? (
                <a href={`/editor/${t.id}`}>
                  Edit<span className="visually-hidden"> {t.title}</span>
                </a>
              ) : canManage ? (
                <button type="button" onClick={() => void apply(t)}>
                  Add to site<span className="visually-hidden"> templates: {t.title}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

const CloudTab = (p: SectionProps) => <TemplateList source="cloud" {...p} />;
const SiteTab = (p: SectionProps) => <TemplateList source="site" {...p} />;

export function buildRegistry(canManage: boolean): TemplateRegistry<Record<string, unknown>, ComponentType<SectionProps>> {
  const registry = new TemplateRegistry<Record<string, unknown>, ComponentType<SectionProps>>();
  registry.register({ key: 'cloud', title: 'Cloud', description: 'Templates from the Harvest Lane catalogue.', component: CloudTab });
  registry.register({ key: 'site', title: 'Site', description: 'Templates saved on this site.', component: SiteTab, order: 20 });
  registry.register({
    key: 'kits',
    title: 'Kits',
    description: 'Export and import kits.',
    component: KitsPanel,
    order: 30,
    isAvailable: () => canManage,
  });
  return registry;
}

// The templates library: tabs from the template registry (Cloud, Site, Kits), templates grouped in folders.
export function TemplatesScreen({ canManage }: SectionProps) {
  const registry = useMemo(() => buildRegistry(canManage), [canManage]);
  const sections = registry.getAll();
  const [active, setActive] = useState(sections[0]?.key ?? 'cloud');
  useEffect(() => track('website_templates_page_view', { page_name: 'templates', tab: active }), [active]);
  const current = sections.find((s) => s.key === active) ?? sections[0];
  const Component = current?.component;
  return (
    <div className="templates-library">
      <div role="tablist" aria-label="Templates library" className="admin-tabs">
        {sections.map((s) => (
          <button
            key={s.key}
            type="button"
            role="tab"
            id={`tab-${s.key}`}
            aria-selected={s.key === current?.key}
            aria-controls={`panel-${s.key}`}
            onClick={() => setActive(s.key)}
          >
            {s.title}
          </button>
        ))}
      </div>
      {current ? (
        <div role="tabpanel" id={`panel-${current.key}`} aria-labelledby={`tab-${current.key}`}>
          <p>{current.description}</p>
          {Component ? <Component canManage={canManage} /> : null}
        </div>
      ) : null}
    </div>
  );
}
