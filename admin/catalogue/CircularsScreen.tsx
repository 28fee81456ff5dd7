import { useState } from 'react';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import type { CircularInput, CircularRecord } from '../../core/wire/catalogue-offers';
import { AdminStatus } from '../admin-status';
import { RowTable } from './row-table';
import { useAdminData } from '../use-admin-data';
import { useList, ListControls, StatusFilter, Pager, useForm, TextField, MoneyField, ChoiceSet, OtherErrors, saveForm } from './parts';
import { AuditTrail } from './audit-trail';
import { ProductPicker } from './ProductPicker';

// Circulars (the weekly ad).

export function CircularsScreen() {
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const list = useList(catalogue.circulars, catalogue.circularsCsv, { status }, setMessage);
  const [stores] = useAdminData(catalogue.stores, undefined, { query: { per_page: 100 } });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [names, setNames] = useState<Record<number, string>>({});
  const empty = (): CircularInput => ({
    title: '',
    slug: '',
    start_date: '',
    end_date: '',
    display_start_date: null,
    display_end_date: null,
    store_ids: [],
    items: [],
    status: 'draft',
    seo: {},
  });
  const form = useForm<CircularInput>(empty(), 'circular');
  const open = async (id: number | null) => {
    setMessage('');
    if (id === null) form.replace(empty());
    else {
      const c = await api(catalogue.circular, { params: { id } });
      setNames(Object.fromEntries(c.items.map((i) => [i.product_id, i.product_name])));
      const { id: _id, ...rest } = c;
      form.replace({ ...rest, items: c.items.map((i) => ({ product_id: i.product_id, sale_price_cents: i.sale_price_cents })) });
    }
    setEditing(id);
  };
  const save = async (publish?: boolean) => {
    if (publish !== undefined) form.set('status', publish ? 'publish' : 'draft');
    const body =
      publish === undefined ? form : { ...form, value: { ...form.value, status: publish ? 'publish' : 'draft' } as CircularInput };
    const saved = await saveForm(
      body,
      { create: catalogue.createCircular, update: catalogue.updateCircular },
      editing ?? null,
      setMessage,
      `circular “${form.value.title}”${publish ? ' and published it' : ''}`,
    );
    if (saved) {
      setEditing(saved.id);
      void list.reload();
    }
  };
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <ListControls id="circulars" label="Find circulars" onSearch={(q) => (list.setQ(q), list.setPage(1))} exportUrl={list.exportUrl}>
        <StatusFilter id="circulars-status" value={status} onChange={setStatus} />
      </ListControls>
      <div className="admin-buttons">
        <button type="button" onClick={() => void open(null)}>
          New circular
        </button>
      </div>
      <CircularTable items={list.data?.items} onEdit={(id) => void open(id)} />
      <Pager data={list.data} setPage={list.setPage} />
      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="circular-heading">
          <h2 id="circular-heading">{editing ? `Edit circular ${form.value.title}` : 'New circular'}</h2>
          <TextField form={form} name="title" label="Title" />
          <TextField form={form} name="slug" label="Slug (address: /circulars/…)" />
          <TextField form={form} name="start_date" label="Prices from" type="date" />
          <TextField form={form} name="end_date" label="Prices until" type="date" />
          <TextField form={form} name="display_start_date" label="Shown from (optional)" type="date" nullable />
          <TextField form={form} name="display_end_date" label="Shown until (optional)" type="date" nullable />
          <ChoiceSet
            form={form}
            name="store_ids"
            label="Stores (none ticked: every store)"
            options={(stores?.items ?? []).map((s) => [s.id, s.name] as const)}
          />
          <CircularItems form={form} names={names} onName={(id, name) => setNames((n) => ({ ...n, [id]: name }))} />
          <fieldset className="admin-field">
            <legend>Search engines</legend>
            <TextField form={form} name="seo.title" label="SEO title" />
            <TextField form={form} name="seo.description" label="SEO description" multiline />
          </fieldset>
          <p>Status: {form.value.status === 'publish' ? 'Published' : 'Draft (shoppers do not see it)'}</p>
          <OtherErrors
            form={form}
            shown={[
              ...Object.keys(form.value),
              ...(form.value.items ?? []).map((_, i) => `items.${i}.sale_price_cents`),
              'seo.title',
              'seo.description',
            ]}
          />
          <div className="admin-buttons">
            <button type="button" onClick={() => void save(false)}>
              Save as draft
            </button>
            <button type="button" className="button-primary" onClick={() => void save(true)}>
              Publish circular
            </button>
          </div>
          {editing ? (
            <AuditTrail key={`a-${editing}-${message}`} of={{ entity: 'circular', id: editing }} title="History of this circular" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** The circulars of the current page of the list, each with Edit. */
function CircularTable({ items, onEdit }: { items: CircularRecord[] | undefined; onEdit: (id: number) => void }) {
  return (
    <RowTable
      caption="Circulars"
      columns={['Title', 'From', 'Until', 'Items', 'Status']}
      items={items}
      editLabel={(c) => `Edit ${c.title}`}
      onEdit={onEdit}
      cells={(c) => (
        <>
          <td>{c.title}</td>
          <td>{c.start_date}</td>
          <td>{c.end_date}</td>
          <td>{c.items.length}</td>
          <td>{c.status === 'publish' ? 'Published' : 'Draft'}</td>
        </>
      )}
    />
  );
}

/** The ad's items in their order, each with its ad price, moved or removed; a product picker adds one. */
function CircularItems({
  form,
  names,
  onName,
}: {
  form: ReturnType<typeof useForm<CircularInput>>;
  names: Record<number, string>;
  onName: (id: number, name: string) => void;
}) {
  const items = form.value.items ?? [];
  const move = (i: number, by: number) => {
    const next = [...items];
    const [it] = next.splice(i, 1);
    next.splice(i + by, 0, it);
    form.set('items', next);
  };
  return (
    <section aria-labelledby="circular-items-heading">
      <h3 id="circular-items-heading">Items, in the order of the ad</h3>
      <ol className="catalogue-items">
        {items.map((item, i) => (
          <li key={item.product_id}>
            <span>{names[item.product_id] ?? `Product ${item.product_id}`}</span>
            <MoneyField
              form={form}
              name={`items.${i}.sale_price_cents`}
              label={`Ad price of ${names[item.product_id] ?? `item ${i + 1}`}`}
            />
            <button type="button" disabled={i === 0} onClick={() => move(i, -1)}>
              Move item {i + 1} up
            </button>
            <button type="button" disabled={i === items.length - 1} onClick={() => move(i, 1)}>
              Move item {i + 1} down
            </button>
            <button
              type="button"
              onClick={() =>
                form.set(
                  'items',
                  items.filter((_, j) => j !== i),
                )
              }
            >
              Remove item {i + 1}
            </button>
          </li>
        ))}
      </ol>
      <ProductPicker
        id="circular-product"
        label="Add an item"
        error={form.errors.items}
        onPick={(p) => {
          onName(p.id, p.name);
          if (!items.some((x) => x.product_id === p.id))
            form.set('items', [...items, { product_id: p.id, sale_price_cents: p.price_cents }]);
        }}
      />
    </section>
  );
}
