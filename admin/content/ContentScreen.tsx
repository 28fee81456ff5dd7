import { api, urlOf } from '../../core/api/client';
import * as adminApi from '../../core/api/admin';
import { upload } from '../../core/api/editor';
import * as shop from '../../core/api/shop';
import { lazy, Suspense, useMemo, useState, type Dispatch, type SetStateAction } from 'react';
import { CONTENT_KINDS, type ContentBlockInput } from '../../core/wire/content-block';
import type { Store as StoreRecord } from '../../core/wire/store';
import { errorMessage, HttpError } from '../../core/http';
import { fromSiteInput, pageSiteTimeZone } from '../../core/schedule/site-time';
import { emptyForm, fromBlock, toBody, type BlockForm } from './block-form';
import { useAdminData } from '../use-admin-data';
import { AdminField, errorProps, FormError } from '../../react-app/forms/admin-field';
import { AdminStatus } from '../admin-status';

// The content screen (/admin/content): content blocks (site banner, slider, call to action, personalised
// content) listed with their targeting and schedule; create and edit them with rich text, target stores,
// store groups and user groups, schedule a window, and preview what a store's visitor gets at a time.

const RichText = lazy(() => import('../../react-app/editor/RichText'));

type Block = Required<Omit<ContentBlockInput, 'priority'>> & { id: number; priority: number; live: boolean };
/** What the screen reads of a store (the wire type of core/wire/store.ts). */
type Store = Pick<StoreRecord, 'id' | 'name' | 'store_group_ids'>;
const NO_STORES: Store[] = [];

const KIND_LABEL: Record<string, string> = {
  'site-banner': 'Site banner',
  slider: 'Slider',
  cta: 'Call to action',
  'personalized-content': 'Personalised content',
};

/** Schedules are read and typed on the site's clock, whatever the editor's own timezone. */
const ZONE = pageSiteTimeZone();
const when = (ms: number | null) =>
  ms == null ? '' : new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: ZONE });
function windowText(b: Block): string {
  if (b.starts_at == null && b.ends_at == null) return 'Always';
  return `${b.starts_at == null ? 'Now' : when(b.starts_at)} – ${b.ends_at == null ? 'open' : when(b.ends_at)}`;
}

/** The form's plain text fields (one input each). */
type TextKey = 'title' | 'slug' | 'slider_id' | 'user_group_ids' | 'priority' | 'starts_at' | 'ends_at';

/** The blocks with their targeting, schedule and whether they are live. */
function BlockTable({ blocks, stores, open }: { blocks: Block[]; stores: Store[]; open: (b: Block) => void }) {
  const storeName = (id: number) => stores.find((s) => s.id === id)?.name ?? `#${id}`;
  return (
    <table className="admin-table content-table">
      <caption className="visually-hidden">Content blocks</caption>
      <thead>
        <tr>
          <th scope="col">Title</th>
          <th scope="col">Kind</th>
          <th scope="col">Shown to</th>
          <th scope="col">Schedule</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {blocks.map((b) => (
          <tr key={b.id}>
            <td>{b.title || `Block ${b.id}`}</td>
            <td>{KIND_LABEL[b.kind]}</td>
            <td>
              {[
                b.store_ids.length ? `Stores: ${b.store_ids.map(storeName).join(', ')}` : '',
                b.store_group_ids.length ? `Store groups: ${b.store_group_ids.join(', ')}` : '',
                b.user_group_ids.length ? `User groups: ${b.user_group_ids.join(', ')}` : '',
              ]
                .filter(Boolean)
                .join('; ') || 'Everybody'}
            </td>
            <td>{windowText(b)}</td>
            <td>{b.live ? 'Live' : 'Not live'}</td>
            <td>
              <button type="button" onClick={() => open(b)} aria-label={`Edit ${b.title || `block ${b.id}`}`}>
                Edit
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** What a store's visitor gets from the block's slot at a time (the server's answer, as the page would show it). */
function BlockPreview({ form, stores, onMessage }: { form: BlockForm; stores: Store[]; onMessage: (m: string) => void }) {
  const [previewStore, setPreviewStore] = useState('');
  const [previewAt, setPreviewAt] = useState('');
  const [preview, setPreview] = useState<string | null>(null);
  const runPreview = async () => {
    const q = new URLSearchParams({ kind: form.kind });
    if (previewStore) q.set('store_id', previewStore);
    const at = fromSiteInput(previewAt, ZONE);
    if (at != null) q.set('at', String(at));
    if (form.slug) q.set('slug', form.slug);
    if (form.kind === 'slider' && form.slider_id) q.set('slider_id', form.slider_id);
    try {
      const r = await api(adminApi.contentBlockPreview, { query: q.toString() });
      setPreview(r.html);
      onMessage(r.block_id == null ? 'No block would show for that visitor then.' : `Block ${r.block_id} would show.`);
    } catch (e) {
      onMessage(errorMessage(e));
    }
  };
  return (
    <div className="content-preview" role="group" aria-labelledby="cb-preview-heading">
      <h3 id="cb-preview-heading">Preview as a visitor</h3>
      <label htmlFor="cb-preview-store">Store</label>
      <select id="cb-preview-store" value={previewStore} onChange={(e) => setPreviewStore(e.target.value)}>
        <option value="">No store (group mode)</option>
        {stores.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      <label htmlFor="cb-preview-at">At, site time (empty: now)</label>
      <input id="cb-preview-at" type="datetime-local" value={previewAt} onChange={(e) => setPreviewAt(e.target.value)} />
      <button type="button" onClick={() => void runPreview()}>
        Preview
      </button>
      {preview !== null ? (
        // Sanitised by the server when stored and again when read.
        <div className="content-preview__box" dangerouslySetInnerHTML={{ __html: preview }} />
      ) : null}
    </div>
  );
}

interface EditorProps {
  /** Counts the blocks opened: each opening starts a fresh preview. */
  opened: number;
  form: BlockForm;
  setForm: Dispatch<SetStateAction<BlockForm | null>>;
  editing: number | null;
  errors: Record<string, string>;
  stores: Store[];
  onSave: () => void;
  onRemove: () => void;
  onMessage: (m: string) => void;
}

/** The block's form: kind, slot, rich text, targeting, priority and schedule, with the server's message by each field. */
function BlockEditor({ opened, form, setForm, editing, errors, stores, onSave, onRemove, onMessage }: EditorProps) {
  const groups = useMemo(() => [...new Set(stores.flatMap((s) => s.store_group_ids))].sort((a, b) => a - b), [stores]);
  const set = <K extends keyof BlockForm>(key: K, value: BlockForm[K]) => setForm((f) => (f ? { ...f, [key]: value } : f));
  const toggle = (key: 'store_ids' | 'store_group_ids', id: number) =>
    setForm((f) => (f ? { ...f, [key]: f[key].includes(id) ? f[key].filter((x) => x !== id) : [...f[key], id] } : f));
  const err = (field: string) => errors[field];
  const described = (field: string) => errorProps(`cb-${field}`, errors[field]);
  const textField = (f: BlockForm, key: TextKey, label: string, type?: 'number' | 'datetime-local') => (
    <AdminField id={`cb-${key}`} label={label} error={err(key)}>
      <input id={`cb-${key}`} type={type} value={f[key]} onChange={(e) => set(key, e.target.value)} {...described(key)} />
    </AdminField>
  );
  return (
    <section className="content-form" aria-labelledby="cb-heading">
      <h2 id="cb-heading">{editing ? `Edit block ${editing}` : 'New content block'}</h2>
      <AdminField id="cb-kind" label="Kind" error={err('kind')}>
        <select id="cb-kind" value={form.kind} onChange={(e) => set('kind', e.target.value as BlockForm['kind'])} {...described('kind')}>
          {CONTENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {KIND_LABEL[k]}
            </option>
          ))}
        </select>
      </AdminField>
      {textField(form, 'title', 'Title')}
      {textField(form, 'slug', 'Slot (slug, empty for any)')}
      {form.kind === 'slider' ? textField(form, 'slider_id', 'Slider id') : null}
      <div className={`admin-field${err('html') ? ' admin-field--error' : ''}`}>
        <Suspense fallback={<p>Loading the rich-text editor…</p>}>
          <RichText
            id={`cb-html-${editing ?? 'new'}`}
            label="Content"
            value={form.html}
            uploadUrl={urlOf(upload)}
            onChange={(html) => set('html', html)}
          />
        </Suspense>
        <FormError id="cb-html-error" error={err('html')} />
      </div>
      <fieldset className="admin-field" aria-describedby={err('store_ids') ? 'cb-store_ids-error' : undefined}>
        <legend>Stores (none ticked: every store)</legend>
        {stores.map((s) => (
          <label key={s.id} className="admin-check">
            <input type="checkbox" checked={form.store_ids.includes(s.id)} onChange={() => toggle('store_ids', s.id)} /> {s.name}
          </label>
        ))}
        <FormError id="cb-store_ids-error" error={err('store_ids')} />
      </fieldset>
      <fieldset className="admin-field" aria-describedby={err('store_group_ids') ? 'cb-store_group_ids-error' : undefined}>
        <legend>Store groups (none ticked: every group)</legend>
        {groups.map((g) => (
          <label key={g} className="admin-check">
            <input type="checkbox" checked={form.store_group_ids.includes(g)} onChange={() => toggle('store_group_ids', g)} /> Group {g}
          </label>
        ))}
        <FormError id="cb-store_group_ids-error" error={err('store_group_ids')} />
      </fieldset>
      {textField(form, 'user_group_ids', 'User groups (ids separated by commas, empty for everybody)')}
      {textField(form, 'priority', 'Priority', 'number')}
      {textField(form, 'starts_at', `Show from (site time, ${ZONE})`, 'datetime-local')}
      {textField(form, 'ends_at', `Show until (site time, ${ZONE})`, 'datetime-local')}
      <div className="admin-buttons">
        <button type="button" className="button-primary" onClick={onSave}>
          Save block
        </button>
        {editing ? (
          <button type="button" onClick={onRemove}>
            Delete block
          </button>
        ) : null}
      </div>
      <BlockPreview key={opened} form={form} stores={stores} onMessage={onMessage} />
    </section>
  );
}

export function ContentScreen() {
  const [form, setForm] = useState<BlockForm | null>(null);
  const [editing, setEditing] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState('');
  const [opened, setOpened] = useState(0);

  const [list, load] = useAdminData(adminApi.contentBlocks, setMessage);
  const [storeList] = useAdminData(shop.stores);
  const stores = storeList?.items ?? NO_STORES;

  const open = (b: Block | null) => {
    setErrors({});
    setOpened((n) => n + 1);
    setEditing(b?.id ?? null);
    setForm(b ? fromBlock(b, ZONE) : emptyForm());
  };

  const save = async () => {
    if (!form) return;
    setErrors({});
    try {
      const saved = editing
        ? await api(adminApi.updateContentBlock, { params: { id: editing }, body: toBody(form, ZONE) })
        : await api(adminApi.createContentBlock, { body: toBody(form, ZONE) });
      setMessage(`Saved “${saved.title || KIND_LABEL[saved.kind]}”.`);
      setEditing(saved.id);
      setForm(fromBlock(saved, ZONE));
      void load();
    } catch (e) {
      if (e instanceof HttpError) setErrors(e.fields);
      setMessage(`Not saved: ${errorMessage(e)}`);
    }
  };

  const remove = async () => {
    if (!editing) return;
    try {
      await api(adminApi.deleteContentBlock, { params: { id: editing } });
      setMessage('Deleted.');
      setForm(null);
      setEditing(null);
      void load();
    } catch (e) {
      setMessage(errorMessage(e));
    }
  };

  return (
    <div className="content-screen">
      <AdminStatus className="content-screen__status" message={message} />
      <div className="admin-buttons">
        <button type="button" onClick={() => open(null)}>
          New content block
        </button>
      </div>
      {list ? <BlockTable blocks={list.items} stores={stores} open={open} /> : <p>Loading…</p>}
      {form ? (
        <BlockEditor
          opened={opened}
          form={form}
          setForm={setForm}
          editing={editing}
          errors={errors}
          stores={stores}
          onSave={() => void save()}
          onRemove={() => void remove()}
          onMessage={setMessage}
        />
      ) : null}
    </div>
  );
}
