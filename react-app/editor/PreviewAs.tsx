import { api } from '../../core/api/client';
import * as editorApi from '../../core/api/editor';
import * as shop from '../../core/api/shop';
import { useEffect, useId, useRef, useState } from 'react';
import { Drawer, type DrawerState } from './Drawer';
import { fieldErrors, type FieldErrors } from '../../core/http';
import { fromSiteInput, pageSiteTimeZone } from '../../core/schedule/site-time';
import type { Store as StoreRecord } from '../../core/wire/store';

// "Preview as": a shareable, expiring link to this page's draft, or to what visitors will see at a date (the
// schedule applied), as a simulated shopper: a store, user groups (segments) and a device. The link opens in
// a new tab and can be copied for another editor; the server's messages sit next to their fields.

const DEVICES: Array<[string, string]> = [
  ['desktop', 'Desktop'],
  ['tablet', 'Tablet (768 × 1024)'],
  ['mobile', 'Phone (390 × 844)'],
];

/** "5003, 5001" → [5003, 5001]; anything that is not an id is sent as it is, for the server to name. */
const groupIds = (text: string): unknown[] =>
  text
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean)
    .map((x) => (/^\d+$/.test(x) ? Number(x) : x));

/** What the preview reads of a store (the wire type of core/wire/store.ts). */
type Store = Pick<StoreRecord, 'id' | 'name'>;

export function PreviewAs({
  documentId,
  saveFirst,
  open,
  onOpenChange,
}: DrawerState & { documentId: number; saveFirst: () => Promise<void> }) {
  const opener = useRef<HTMLButtonElement>(null);
  const [stores, setStores] = useState<Store[]>([]);
  const [store, setStore] = useState('');
  const [at, setAt] = useState('');
  const [groups, setGroups] = useState('');
  const [device, setDevice] = useState('desktop');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [link, setLink] = useState<{ url: string; expires_at: number } | null>(null);
  const [message, setMessage] = useState('');
  const [revoked, setRevoked] = useState('');
  const id = useId();
  // An item's message comes as user_group_ids.<n>: it belongs next to the one field.
  const groupsError = Object.entries(errors).find(([key]) => key.startsWith('user_group_ids'))?.[1];

  useEffect(() => {
    if (!open || stores.length) return;
    api(shop.stores).then(
      (r) => setStores(r.items),
      () => undefined,
    );
  }, [open, stores.length]);

  const make = async () => {
    setMessage('');
    setErrors({});
    try {
      await saveFirst();
      const when = fromSiteInput(at, pageSiteTimeZone());
      const r = await api(editorApi.previewLink, {
        params: { id: documentId },
        body: {
          mode: when == null ? 'draft' : 'at',
          at: when,
          store_id: store ? Number(store) : null,
          user_group_ids: groupIds(groups),
          device,
        },
      });
      setLink({ url: new URL(r.url, location.origin).href, expires_at: r.expires_at });
    } catch (e) {
      const byField = fieldErrors(e);
      setErrors(byField);
      if (!Object.keys(byField).length) setMessage(`No preview: ${(e as Error).message}`);
    }
  };

  // Every shared link of this page stops working at once (a link sent to the wrong person, a page not to be seen).
  const revokeAll = async () => {
    setMessage('');
    setRevoked('');
    try {
      const r = await api(editorApi.revokePreviewLinks, { params: { id: documentId } });
      setLink(null);
      setRevoked(r.revoked === 1 ? '1 preview link was revoked.' : `${r.revoked} preview links were revoked.`);
    } catch (e) {
      setMessage(`Not revoked: ${(e as Error).message}`);
    }
  };

  return (
    <>
      <button type="button" ref={opener} aria-expanded={open} aria-controls={`${id}-panel`} onClick={() => onOpenChange(!open)}>
        Preview as…
      </button>
      <Drawer
        id={`${id}-panel`}
        className="editor-preview-as"
        label="Preview as a shopper"
        open={open}
        onOpenChange={onOpenChange}
        opener={opener}
      >
        <h2>Preview as a shopper</h2>
        <div className="admin-field">
          <label htmlFor={`${id}-store`}>Store</label>
          <select id={`${id}-store`} value={store} onChange={(e) => setStore(e.target.value)}>
            <option value="">No store chosen</option>
            {stores.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-groups`}>User groups (ids, comma separated; empty: an anonymous visitor)</label>
          <input
            id={`${id}-groups`}
            value={groups}
            inputMode="numeric"
            aria-invalid={groupsError ? true : undefined}
            aria-describedby={groupsError ? `${id}-groups-error` : undefined}
            onChange={(e) => setGroups(e.target.value)}
          />
          {groupsError ? (
            <p id={`${id}-groups-error`} className="form-error">
              {groupsError}
            </p>
          ) : null}
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-device`}>Device</label>
          <select id={`${id}-device`} value={device} onChange={(e) => setDevice(e.target.value)}>
            {DEVICES.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-field">
          <label htmlFor={`${id}-at`}>The site at, site time (empty: your draft now)</label>
          <input id={`${id}-at`} type="datetime-local" value={at} onChange={(e) => setAt(e.target.value)} />
        </div>
        <div>
          <button type="button" className="button-primary" onClick={() => void make()}>
            Make preview link
          </button>{' '}
          <button type="button" onClick={() => void revokeAll()}>
            Revoke all preview links
          </button>
        </div>
        {message ? <p role="alert">{message}</p> : null}
        {revoked ? <p role="status">{revoked}</p> : null}
        {link ? (
          <p role="status">
            <a href={link.url} target="_blank" rel="noopener">
              Open the preview
            </a>{' '}
            (share it with another editor; it works until {new Date(link.expires_at).toLocaleString()}):{' '}
            <input aria-label="Preview link" readOnly value={link.url} size={40} onFocus={(e) => e.currentTarget.select()} />
          </p>
        ) : null}
      </Drawer>
    </>
  );
}
