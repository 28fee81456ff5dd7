import { useState } from 'react';
import { type CouponInput, COUPON_KINDS, type PromotionInput } from '../../core/wire/catalogue-offers';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import { AdminStatus } from '../admin-status';
import { RowTable } from './row-table';
import { useAdminData } from '../use-admin-data';
import {
  CheckField,
  ChoiceSet,
  ListControls,
  money,
  MoneyField,
  NumberField,
  OtherErrors,
  Pager,
  saveForm,
  SelectField,
  TextField,
  useForm,
  useList,
} from './parts';
import { AuditTrail } from './audit-trail';
import { ProductPicker } from './ProductPicker';

// Promotions (a product's sale price, its days and its stores; saving puts the sale on those stores' shelves)
// and digital coupons (amount or percent off, eligible products, days, limit per order).

const today = () => new Date().toISOString().slice(0, 10);

export function PromotionsScreen() {
  const [message, setMessage] = useState('');
  const [current, setCurrent] = useState('');
  const list = useList(catalogue.promotions, catalogue.promotionsCsv, { current }, setMessage);
  const [stores] = useAdminData(catalogue.stores, undefined, { query: { per_page: 100 } });
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [productName, setProductName] = useState('');
  const empty = (): PromotionInput => ({
    product_id: 0,
    title: '',
    sale_price_cents: 0,
    start_date: today(),
    end_date: today(),
    store_ids: [],
  });
  const form = useForm<PromotionInput>(empty(), 'promotion');
  const open = async (id: number | null) => {
    setMessage('');
    if (id === null) {
      form.replace(empty());
      setProductName('');
    } else {
      const p = await api(catalogue.promotion, { params: { id } });
      form.replace({
        product_id: p.product_id,
        title: p.title,
        sale_price_cents: p.sale_price_cents,
        start_date: p.start_date,
        end_date: p.end_date,
        store_ids: p.store_ids,
      });
      setProductName(p.product_name);
    }
    setEditing(id);
  };
  const save = async () => {
    const saved = await saveForm(
      form,
      { create: catalogue.createPromotion, update: catalogue.updatePromotion },
      editing ?? null,
      setMessage,
      'the promotion',
    );
    if (saved) {
      setEditing(saved.id);
      void list.reload();
    }
  };
  const remove = async () => {
    if (!editing) return;
    try {
      await api(catalogue.deletePromotion, { params: { id: editing } });
      setMessage('Deleted the promotion; its sale is off the shelves.');
      setEditing(undefined);
      void list.reload();
    } catch (e) {
      setMessage((e as Error).message);
    }
  };
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <ListControls id="promotions" label="Find promotions" onSearch={(q) => (list.setQ(q), list.setPage(1))} exportUrl={list.exportUrl}>
        <label htmlFor="promotions-current">Show</label>
        <select id="promotions-current" value={current} onChange={(e) => setCurrent(e.target.value)}>
          <option value="">All promotions</option>
          <option value="true">Running or upcoming</option>
        </select>
      </ListControls>
      <div className="admin-buttons">
        <button type="button" onClick={() => void open(null)}>
          New promotion
        </button>
      </div>
      <RowTable
        caption="Promotions"
        columns={['Product', 'Sale price', 'From', 'Until', 'Stores']}
        items={list.data?.items}
        editLabel={(p) => `Edit the promotion of ${p.product_name}`}
        onEdit={(id) => void open(id)}
        cells={(p) => (
          <>
            <td>{p.product_name}</td>
            <td>{money(p.sale_price_cents)}</td>
            <td>{p.start_date}</td>
            <td>{p.end_date}</td>
            <td>
              {p.store_ids.length
                ? p.store_ids.map((id) => stores?.items.find((s) => s.id === id)?.name ?? id).join(', ')
                : 'Every store that sells it'}
            </td>
          </>
        )}
      />
      <Pager data={list.data} setPage={list.setPage} />
      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="promotion-heading">
          <h2 id="promotion-heading">{editing ? 'Edit promotion' : 'New promotion'}</h2>
          <p>Product: {productName || 'none chosen yet'}</p>
          <ProductPicker
            id="promotion-product"
            label="Product on sale"
            error={form.errors.product_id}
            onPick={(p) => {
              form.set('product_id', p.id);
              setProductName(p.name);
            }}
          />
          <TextField form={form} name="title" label="Title (optional)" />
          <MoneyField form={form} name="sale_price_cents" label="Sale price" />
          <TextField form={form} name="start_date" label="First day" type="date" />
          <TextField form={form} name="end_date" label="Last day" type="date" />
          <ChoiceSet
            form={form}
            name="store_ids"
            label="Stores (none ticked: every store that sells it)"
            options={(stores?.items ?? []).map((s) => [s.id, s.name] as const)}
          />
          <OtherErrors form={form} shown={Object.keys(form.value)} />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save promotion
            </button>
            {editing ? (
              <button type="button" onClick={() => void remove()}>
                Delete promotion
              </button>
            ) : null}
          </div>
          {editing ? (
            <AuditTrail key={`a-${editing}-${message}`} of={{ entity: 'promotion', id: editing }} title="History of this promotion" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function CouponsScreen() {
  const [message, setMessage] = useState('');
  const list = useList(catalogue.coupons, catalogue.couponsCsv, {}, setMessage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const [names, setNames] = useState<Record<number, string>>({});
  const empty = (): CouponInput => ({
    title: '',
    description: '',
    discount_kind: 'amount',
    discount_value: 100,
    product_ids: [],
    start_date: today(),
    end_date: today(),
    limit_per_order: 1,
    active: true,
  });
  const form = useForm<CouponInput>(empty(), 'coupon');
  const open = async (id: number | null) => {
    setMessage('');
    if (id === null) form.replace(empty());
    else {
      const { id: _id, updated_at: _u, ...c } = await api(catalogue.coupon, { params: { id } });
      form.replace(c);
    }
    setEditing(id);
  };
  const save = async () => {
    const saved = await saveForm(
      form,
      { create: catalogue.createCoupon, update: catalogue.updateCoupon },
      editing ?? null,
      setMessage,
      `coupon “${form.value.title}”`,
    );
    if (saved) {
      setEditing(saved.id);
      void list.reload();
    }
  };
  const ids = form.value.product_ids ?? [];
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <ListControls id="coupons" label="Find coupons" onSearch={(q) => (list.setQ(q), list.setPage(1))} exportUrl={list.exportUrl} />
      <div className="admin-buttons">
        <button type="button" onClick={() => void open(null)}>
          New coupon
        </button>
      </div>
      <RowTable
        caption="Coupons"
        columns={['Title', 'Discount', 'From', 'Until', 'Limit per order']}
        items={list.data?.items}
        editLabel={(c) => `Edit ${c.title}`}
        onEdit={(id) => void open(id)}
        cells={(c) => (
          <>
            <td>{c.title}</td>
            <td>{c.discount_kind === 'percent' ? `${c.discount_value} % off` : `${money(c.discount_value)} off`}</td>
            <td>{c.start_date}</td>
            <td>{c.end_date}</td>
            <td>{c.limit_per_order}</td>
          </>
        )}
      />
      <Pager data={list.data} setPage={list.setPage} />
      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="coupon-heading">
          <h2 id="coupon-heading">{editing ? `Edit coupon ${form.value.title}` : 'New coupon'}</h2>
          <TextField form={form} name="title" label="Title" />
          <TextField form={form} name="description" label="Description" multiline />
          <SelectField
            form={form}
            name="discount_kind"
            label="Discount"
            options={COUPON_KINDS.map((k) => [k, k === 'amount' ? 'Amount off (cents)' : 'Percent off'] as const)}
          />
          <NumberField
            form={form}
            name="discount_value"
            label={form.value.discount_kind === 'percent' ? 'Percent off' : 'Cents off'}
            step="1"
          />
          <TextField form={form} name="start_date" label="First day" type="date" />
          <TextField form={form} name="end_date" label="Last day" type="date" />
          <NumberField form={form} name="limit_per_order" label="Limit per order" step="1" />
          <CheckField form={form} name="active" label="Active" />
          <section aria-labelledby="coupon-products-heading">
            <h3 id="coupon-products-heading">Eligible products</h3>
            <ul>
              {ids.map((id) => (
                <li key={id}>
                  {names[id] ?? `Product ${id}`}{' '}
                  <button
                    type="button"
                    onClick={() =>
                      form.set(
                        'product_ids',
                        ids.filter((x) => x !== id),
                      )
                    }
                  >
                    Remove {names[id] ?? `product ${id}`}
                  </button>
                </li>
              ))}
            </ul>
            <ProductPicker
              id="coupon-product"
              label="Add an eligible product"
              error={form.errors.product_ids}
              onPick={(p) => {
                setNames((n) => ({ ...n, [p.id]: p.name }));
                if (!ids.includes(p.id)) form.set('product_ids', [...ids, p.id]);
              }}
            />
          </section>
          <OtherErrors form={form} shown={Object.keys(form.value)} />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save coupon
            </button>
          </div>
          {editing ? (
            <AuditTrail key={`a-${editing}-${message}`} of={{ entity: 'coupon', id: editing }} title="History of this coupon" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
