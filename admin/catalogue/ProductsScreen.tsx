import { useEffect, useState } from 'react';
import {
  ALLERGENS,
  NUTRITION_FIELDS,
  type ProductInput,
  type ProductRecord,
  SIZE_UNITS,
  type StorePriceInput,
  TAX_CATEGORIES,
} from '../../core/wire/catalogue-admin';
import { ATTRIBUTE_LABELS, PRODUCT_ATTRIBUTES } from '../../core/shop/product-attributes';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import { HttpError as RequestError } from '../../core/http';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { RowTable } from './row-table';
import { useAdminData } from '../use-admin-data';
import {
  CheckField,
  type Form,
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
import { ImagesField } from './ImagesField';

// Products: the list (search, department, active and attribute filters, paging, CSV), the product form (label
// fields, nutrition facts, images, SEO), its price at each store and its history.

const emptyProduct = (departmentId: number): ProductInput => ({
  name: '',
  slug: '',
  brand: '',
  department_id: departmentId,
  catalog: 'grocery',
  kind: '',
  upc: null,
  size_value: null,
  size_unit: '',
  price_cents: 0,
  description: '',
  ingredients: '',
  allergens: [],
  attributes: [],
  nutrition: null,
  snap_eligible: false,
  tax_category: 'grocery',
  age_restricted: false,
  catering_notice_hours: 0,
  images: [],
  active: true,
  seo: {},
});

const emptyNutrition = () => ({
  serving_size: '',
  servings_per_container: null,
  ...Object.fromEntries(NUTRITION_FIELDS.map(([k]) => [k, 0])),
});

const toInput = (p: ProductRecord): ProductInput => {
  const { id: _id, updated_at, size: _s, ...rest } = p;
  return { ...rest, expected_updated_at: updated_at };
};

/**
 * "New product" may be opened before the departments have arrived: the new product then takes the first one when
 * they do, as it would have at once.
 */
function useFirstDepartment(form: Form<ProductInput>, isNew: boolean, first: number | undefined) {
  useEffect(() => {
    if (isNew && form.value.department_id === 0 && first) form.set('department_id', first);
  }, [isNew, first, form]);
}

export function ProductsScreen() {
  const [message, setMessage] = useState('');
  const [department, setDepartment] = useState('');
  const [active, setActive] = useState('');
  const [attribute, setAttribute] = useState('');
  const list = useList(catalogue.products, catalogue.productsCsv, { department_id: department, active, attribute }, setMessage);
  const [departments] = useAdminData(catalogue.departments);
  const deptOptions = (departments?.items ?? []).map((d) => [d.id, `${d.parent_id ? '— ' : ''}${d.title} (${d.catalog})`] as const);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const form = useForm<ProductInput>(emptyProduct(0), 'product');
  useFirstDepartment(form, editing === null, departments?.items[0]?.id);

  const open = async (id: number | null) => {
    setMessage('');
    if (id === null) form.replace(emptyProduct(departments?.items[0]?.id ?? 0));
    else form.replace(toInput(await api(catalogue.product, { params: { id } })));
    setEditing(id);
  };
  const save = async () => {
    const saved = await saveForm(
      form,
      { create: catalogue.createProduct, update: catalogue.updateProduct },
      editing ?? null,
      setMessage,
      `product “${form.value.name}”`,
    );
    if (saved) {
      setEditing(saved.id);
      form.replace(toInput(saved));
      void list.reload();
    }
  };

  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <ListControls id="products" label="Find products" onSearch={(q) => (list.setQ(q), list.setPage(1))} exportUrl={list.exportUrl}>
        <label htmlFor="products-department">Department</label>
        <select id="products-department" value={department} onChange={(e) => (setDepartment(e.target.value), list.setPage(1))}>
          <option value="">All departments</option>
          {deptOptions.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
        <label htmlFor="products-active">Status</label>
        <select id="products-active" value={active} onChange={(e) => (setActive(e.target.value), list.setPage(1))}>
          <option value="">Active and inactive</option>
          <option value="true">Active</option>
          <option value="false">Inactive</option>
        </select>
        <label htmlFor="products-attribute">Attribute</label>
        <select id="products-attribute" value={attribute} onChange={(e) => (setAttribute(e.target.value), list.setPage(1))}>
          <option value="">Any</option>
          {PRODUCT_ATTRIBUTES.map((a) => (
            <option key={a} value={a}>
              {ATTRIBUTE_LABELS[a]}
            </option>
          ))}
        </select>
      </ListControls>
      <div className="admin-buttons">
        <button type="button" onClick={() => void open(null)}>
          New product
        </button>
      </div>
      <ProductTable items={list.data?.items} onEdit={(id) => void open(id)} />
      <Pager data={list.data} setPage={list.setPage} />

      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="product-heading">
          <h2 id="product-heading">{editing ? `Edit product ${form.value.name}` : 'New product'}</h2>
          <TextField form={form} name="name" label="Name" />
          <TextField form={form} name="slug" label="Slug (address of its page)" />
          <TextField form={form} name="brand" label="Brand" />
          <SelectField form={form} name="department_id" label="Department" numeric options={deptOptions} />
          <SelectField form={form} name="catalog" label="Catalogue" options={['grocery', 'catering', 'wine'].map((c) => [c, c] as const)} />
          <TextField form={form} name="upc" label="Barcode (UPC)" nullable />
          <NumberField form={form} name="size_value" label="Size" />
          <SelectField
            form={form}
            name="size_unit"
            label="Unit"
            options={[['', 'No size'] as const, ...SIZE_UNITS.map((u) => [u, u] as const)]}
          />
          <MoneyField form={form} name="price_cents" label="List price" />
          <TextField form={form} name="description" label="Description" multiline />
          <TextField form={form} name="ingredients" label="Ingredients" multiline />
          <ChoiceSet form={form} name="allergens" label="Allergens" options={ALLERGENS.map((a) => [a, a.replace('_', ' ')] as const)} />
          <ChoiceSet
            form={form}
            name="attributes"
            label="Attributes"
            options={PRODUCT_ATTRIBUTES.filter((a) => a !== 'snap').map((a) => [a, ATTRIBUTE_LABELS[a]] as const)}
          />
          <CheckField form={form} name="snap_eligible" label="SNAP eligible" />
          <SelectField
            form={form}
            name="tax_category"
            label="Tax category"
            options={TAX_CATEGORIES.map((t) => [t, t.replace('_', ' ')] as const)}
          />
          <CheckField form={form} name="age_restricted" label="Age restricted (21+)" />
          <NumberField form={form} name="catering_notice_hours" label="Catering notice (hours)" step="1" />
          <CheckField form={form} name="active" label="Active (sold in the shop)" />

          <NutritionFields form={form} />

          <ImagesField
            images={form.value.images ?? []}
            errors={form.errors}
            onChange={(images) => form.set('images', images)}
            say={setMessage}
          />

          <fieldset className="admin-field">
            <legend>Search engines</legend>
            <TextField form={form} name="seo.title" label="SEO title" />
            <TextField form={form} name="seo.description" label="SEO description" multiline />
            <TextField form={form} name="seo.canonical" label="Canonical address" />
            <CheckField form={form} name="seo.noindex" label="Keep out of search engines (noindex)" />
          </fieldset>
          <OtherErrors
            form={form}
            shown={[
              ...Object.keys(form.value),
              'nutrition.serving_size',
              'nutrition.servings_per_container',
              ...NUTRITION_FIELDS.map(([k]) => `nutrition.${k}`),
              'seo.title',
              'seo.description',
              'seo.canonical',
              'seo.noindex',
            ]}
          />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save product
            </button>
          </div>
          {editing ? <StorePrices productId={editing} say={setMessage} /> : null}
          {editing ? (
            <AuditTrail key={`audit-${editing}-${message}`} of={{ entity: 'product', id: editing }} title="History of this product" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** The product's price, member price and availability at each store; a store without a row does not sell it. */
function StorePrices({ productId, say }: { productId: number; say: (m: string) => void }) {
  const [prices, reload] = useAdminData(catalogue.productPrices, say, { params: { id: productId } });
  const [stores] = useAdminData(catalogue.stores, undefined, { query: { per_page: 100 } });
  const [storeId, setStoreId] = useState('');
  const form = useForm({ price_cents: null as number | null, member_price_cents: null as number | null, available: true }, 'price');
  const pick = (id: string) => {
    setStoreId(id);
    const row = prices?.items.find((p) => String(p.store_id) === id);
    form.replace(
      row
        ? { price_cents: row.price_cents, member_price_cents: row.member_price_cents, available: row.available }
        : { price_cents: null, member_price_cents: null, available: true },
    );
  };
  const save = async () => {
    if (!storeId) {
      form.setErrors({ store_id: 'Choose a store.' });
      return;
    }
    form.setErrors({});
    try {
      // An empty price goes as null: the server names the field.
      await api(catalogue.setStorePrice, { params: { id: productId, store_id: storeId }, body: form.value as StorePriceInput });
      say('Saved the store price.');
      void reload();
    } catch (e) {
      if (e instanceof RequestError) form.setErrors(e.fields);
      say(`Not saved: ${(e as Error).message}`);
    }
  };
  return (
    <section className="catalogue-prices" aria-labelledby="prices-heading">
      <h3 id="prices-heading">Prices at each store</h3>
      {prices ? (
        prices.items.length ? (
          <AdminTable caption="Prices at each store" columns={['Store', 'Price', 'Member price', 'Sale', 'In stock']}>
            {prices.items.map((p) => (
              <tr key={p.store_id}>
                <td>{p.store_name}</td>
                <td>{money(p.price_cents)}</td>
                <td>{money(p.member_price_cents)}</td>
                <td>{p.sale_price_cents !== null ? `${money(p.sale_price_cents)} ${p.sale_start ?? ''} – ${p.sale_end ?? ''}` : ''}</td>
                <td>{p.available ? 'Yes' : 'No'}</td>
              </tr>
            ))}
          </AdminTable>
        ) : (
          <p>No store sells this product yet.</p>
        )
      ) : (
        <p>Loading…</p>
      )}
      <AdminField id="price-store_id" label="Store" error={form.errors.store_id}>
        <select
          id="price-store_id"
          value={storeId}
          onChange={(e) => pick(e.target.value)}
          {...errorProps('price-store_id', form.errors.store_id)}
        >
          <option value="">Choose a store</option>
          {(stores?.items ?? []).map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </select>
      </AdminField>
      <MoneyField key={`p-${storeId}`} form={form} name="price_cents" label="Price at this store" />
      <MoneyField key={`m-${storeId}`} form={form} name="member_price_cents" label="Member price (empty: none)" />
      <CheckField form={form} name="available" label="In stock at this store" />
      <div className="admin-buttons">
        <button type="button" onClick={() => void save()}>
          Save store price
        </button>
      </div>
    </section>
  );
}

type ProductForm = ReturnType<typeof useForm<ProductInput>>;

/** The products of the current page of the list, each with Edit. */
function ProductTable({ items, onEdit }: { items: ProductRecord[] | undefined; onEdit: (id: number) => void }) {
  return (
    <RowTable
      caption="Products"
      columns={['Name', 'Brand', 'Size', 'UPC', 'List price', 'Status']}
      items={items}
      editLabel={(p) => `Edit ${p.name}`}
      onEdit={onEdit}
      cells={(p) => (
        <>
          <td>{p.name}</td>
          <td>{p.brand}</td>
          <td>{p.size}</td>
          <td>{p.upc ?? ''}</td>
          <td>{money(p.price_cents)}</td>
          <td>{p.active ? 'Active' : 'Inactive'}</td>
        </>
      )}
    />
  );
}

/** The nutrition facts panel of a packaged food, or none. */
function NutritionFields({ form }: { form: ProductForm }) {
  const nutrition = form.value.nutrition;
  return (
    <fieldset className="admin-field">
      <legend>Nutrition facts</legend>
      {nutrition ? (
        <>
          <TextField form={form} name="nutrition.serving_size" label="Serving size" />
          <NumberField form={form} name="nutrition.servings_per_container" label="Servings per container" />
          {NUTRITION_FIELDS.map(([key, label]) => (
            <NumberField key={key} form={form} name={`nutrition.${key}`} label={label} />
          ))}
          <button type="button" onClick={() => form.set('nutrition', null)}>
            Remove nutrition facts
          </button>
        </>
      ) : (
        <button type="button" onClick={() => form.set('nutrition', emptyNutrition())}>
          Add nutrition facts
        </button>
      )}
    </fieldset>
  );
}
