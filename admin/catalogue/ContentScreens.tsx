import { useState } from 'react';
import { CATALOGS } from '../../core/shop/catalog';
import {
  type CircularInput,
  type CircularRecord,
  type DepartmentInput,
  type DepartmentRecord,
  type RecipeInput,
  type RecipeRecord,
  type StoreRecord,
} from '../../core/wire/catalogue-admin';
import { withNonce, http as request } from '../../core/http';
import { AdminField, errorProps } from '../admin-field';
import { AdminStatus } from '../admin-status';
import { AdminTable } from '../admin-table';
import { useAdminData } from '../use-admin-data';
import {
  API,
  AuditTrail,
  ChoiceSet,
  ListControls,
  MoneyField,
  NumberField,
  OtherErrors,
  Pager,
  ProductPicker,
  saveForm,
  SelectField,
  TextField,
  useForm,
  useList,
} from './parts';
import { ImagesField } from './ProductsScreen';

// Circulars (the weekly ad), recipes and the department tree.

export function CircularsScreen() {
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const list = useList<CircularRecord>('circulars', { status }, setMessage);
  const [stores] = useAdminData<{ items: StoreRecord[] }>(`${API}/stores?per_page=100`);
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
      const c = await request<CircularRecord>(`${API}/circulars/${id}`);
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
    const saved = await saveForm<CircularInput, CircularRecord>(
      body,
      'circulars',
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
        <label htmlFor="circulars-status">Status</label>
        <select id="circulars-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Drafts and published</option>
          <option value="draft">Drafts</option>
          <option value="publish">Published</option>
        </select>
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
            <AuditTrail key={`a-${editing}-${message}`} path={`${API}/audit/circular/${editing}`} title="History of this circular" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

const lines = (v: string[] | undefined) => (v ?? []).join('\n');
const fromLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function RecipesScreen() {
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const list = useList<RecipeRecord>('recipes', { status }, setMessage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const empty = (): RecipeInput => ({
    title: '',
    slug: '',
    summary: '',
    prep_minutes: 10,
    cook_minutes: 20,
    serves: 4,
    ingredients: [{ quantity: '', name: '', product_id: null }],
    steps: [],
    course: [],
    cuisine: [],
    diet: [],
    images: [],
    nutrition: null,
    status: 'draft',
    seo: {},
  });
  const form = useForm<RecipeInput>(empty(), 'recipe');
  const open = async (id: number | null) => {
    setMessage('');
    if (id === null) form.replace(empty());
    else {
      const { id: _id, updated_at: _u, ...r } = await request<RecipeRecord>(`${API}/recipes/${id}`);
      form.replace(r);
    }
    setEditing(id);
  };
  const save = async () => {
    const saved = await saveForm<RecipeInput, RecipeRecord>(form, 'recipes', editing ?? null, setMessage, `recipe “${form.value.title}”`);
    if (saved) {
      setEditing(saved.id);
      void list.reload();
    }
  };
  const ingredients = form.value.ingredients;
  const listField = (name: 'steps' | 'course' | 'cuisine' | 'diet', label: string) => {
    const id = `recipe-${name}`;
    const error = form.errors[name] ?? Object.entries(form.errors).find(([k]) => k.startsWith(`${name}.`))?.[1];
    return (
      <AdminField id={id} label={label} error={error}>
        <textarea
          id={id}
          rows={name === 'steps' ? 6 : 2}
          key={`${name}-${editing ?? 'new'}`}
          defaultValue={lines(form.value[name])}
          onChange={(e) => form.set(name, fromLines(e.target.value))}
          {...errorProps(id, error)}
        />
      </AdminField>
    );
  };
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <ListControls id="recipes" label="Find recipes" onSearch={(q) => (list.setQ(q), list.setPage(1))} exportUrl={list.exportUrl}>
        <label htmlFor="recipes-status">Status</label>
        <select id="recipes-status" value={status} onChange={(e) => setStatus(e.target.value)}>
          <option value="">Drafts and published</option>
          <option value="draft">Drafts</option>
          <option value="publish">Published</option>
        </select>
      </ListControls>
      <div className="admin-buttons">
        <button type="button" onClick={() => void open(null)}>
          New recipe
        </button>
      </div>
      <RecipeTable items={list.data?.items} onEdit={(id) => void open(id)} />
      <Pager data={list.data} setPage={list.setPage} />
      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="recipe-heading">
          <h2 id="recipe-heading">{editing ? `Edit recipe ${form.value.title}` : 'New recipe'}</h2>
          <TextField form={form} name="title" label="Title" />
          <TextField form={form} name="slug" label="Slug (address: /recipes/…)" />
          <TextField form={form} name="summary" label="Summary" multiline />
          <NumberField form={form} name="prep_minutes" label="Preparation (minutes)" step="1" />
          <NumberField form={form} name="cook_minutes" label="Cooking (minutes)" step="1" />
          <NumberField form={form} name="serves" label="Servings" step="1" />
          <fieldset className="admin-field">
            <legend>Ingredients</legend>
            {ingredients.map((ing, i) => (
              <div key={i} className="catalogue-ingredient">
                <TextField form={form} name={`ingredients.${i}.quantity`} label={`Ingredient ${i + 1} quantity`} />
                <TextField form={form} name={`ingredients.${i}.name`} label={`Ingredient ${i + 1}`} />
                <p>{ing.product_id ? `Linked to product ${ing.product_id}` : 'Not linked to a product'}</p>
                <ProductPicker
                  id={`recipe-ing-${i}`}
                  label={`Product for ingredient ${i + 1}`}
                  error={form.errors[`ingredients.${i}.product_id`]}
                  onPick={(p) => form.set(`ingredients.${i}.product_id`, p.id)}
                />
                <button
                  type="button"
                  onClick={() =>
                    form.set(
                      'ingredients',
                      ingredients.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove ingredient {i + 1}
                </button>
              </div>
            ))}
            <button type="button" onClick={() => form.set('ingredients', [...ingredients, { quantity: '', name: '', product_id: null }])}>
              Add ingredient
            </button>
          </fieldset>
          {listField('steps', 'Steps (one a line)')}
          {listField('course', 'Courses (one a line)')}
          {listField('cuisine', 'Cuisines (one a line)')}
          {listField('diet', 'Diets (one a line)')}
          <ImagesField
            images={form.value.images ?? []}
            errors={form.errors}
            onChange={(images) => form.set('images', images)}
            say={setMessage}
          />
          <SelectField
            form={form}
            name="status"
            label="Status"
            options={[['draft', 'Draft'] as const, ['publish', 'Published'] as const]}
          />
          <OtherErrors
            form={form}
            shown={[
              ...Object.keys(form.value),
              ...ingredients.flatMap((_, i) => [`ingredients.${i}.quantity`, `ingredients.${i}.name`, `ingredients.${i}.product_id`]),
            ]}
          />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save recipe
            </button>
          </div>
          {editing ? (
            <AuditTrail key={`a-${editing}-${message}`} path={`${API}/audit/recipe/${editing}`} title="History of this recipe" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

export function DepartmentsScreen() {
  const [message, setMessage] = useState('');
  const [data, reload] = useAdminData<{ items: DepartmentRecord[] }>(`${API}/departments`, setMessage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const empty = (): DepartmentInput => ({ title: '', slug: '', parent_id: null, position: 0, catalog: 'grocery' });
  const form = useForm<DepartmentInput>(empty(), 'department');
  const all = data?.items ?? [];
  const tops = all.filter((d) => d.parent_id === null);
  const open = (d: DepartmentRecord | null) => {
    setMessage('');
    form.replace(d ? { title: d.title, slug: d.slug, parent_id: d.parent_id, position: d.position, catalog: d.catalog } : empty());
    setEditing(d?.id ?? null);
  };
  const save = async () => {
    const saved = await saveForm<DepartmentInput, DepartmentRecord>(
      form,
      'departments',
      editing ?? null,
      setMessage,
      `department “${form.value.title}”`,
    );
    if (saved) {
      setEditing(saved.id);
      void reload();
    }
  };
  const exportUrl = withNonce(`${API}/departments.csv`);
  return (
    <div className="catalogue-screen">
      <AdminStatus message={message} />
      <div className="admin-buttons">
        <button type="button" onClick={() => open(null)}>
          New department
        </button>
        <a className="button" href={exportUrl} download>
          Export CSV
        </a>
      </div>
      {data ? (
        <AdminTable caption="Departments" columns={['Department', 'Catalogue', 'Order', 'Products', 'Actions']}>
          {tops.flatMap((top) =>
            [top, ...all.filter((d) => d.parent_id === top.id)].map((d) => (
              <tr key={d.id}>
                <td>{d.parent_id ? `— ${d.title}` : d.title}</td>
                <td>{d.catalog}</td>
                <td>{d.position}</td>
                <td>{d.product_count}</td>
                <td>
                  <button type="button" onClick={() => open(d)} aria-label={`Edit ${d.title}`}>
                    Edit
                  </button>
                </td>
              </tr>
            )),
          )}
        </AdminTable>
      ) : (
        <p>Loading…</p>
      )}
      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="department-heading">
          <h2 id="department-heading">{editing ? `Edit department ${form.value.title}` : 'New department'}</h2>
          <TextField form={form} name="title" label="Name" />
          <TextField form={form} name="slug" label="Slug" />
          <SelectField
            form={form}
            name="parent_id"
            label="Under"
            nullable
            numeric
            options={tops.filter((d) => d.id !== editing).map((d) => [d.id, d.title] as const)}
          />
          <NumberField form={form} name="position" label="Order (smaller first)" step="1" />
          <SelectField form={form} name="catalog" label="Catalogue" options={CATALOGS.map((c) => [c, c] as const)} />
          <OtherErrors form={form} shown={Object.keys(form.value)} />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save department
            </button>
          </div>
          {editing ? (
            <AuditTrail key={`a-${editing}-${message}`} path={`${API}/audit/department/${editing}`} title="History of this department" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** The circulars of the current page of the list, each with Edit. */
function CircularTable({ items, onEdit }: { items: CircularRecord[] | undefined; onEdit: (id: number) => void }) {
  if (!items) return <p>Loading…</p>;
  return (
    <AdminTable caption="Circulars" columns={['Title', 'From', 'Until', 'Items', 'Status', 'Actions']}>
      {items.map((c) => (
        <tr key={c.id}>
          <td>{c.title}</td>
          <td>{c.start_date}</td>
          <td>{c.end_date}</td>
          <td>{c.items.length}</td>
          <td>{c.status === 'publish' ? 'Published' : 'Draft'}</td>
          <td>
            <button type="button" onClick={() => onEdit(c.id)} aria-label={`Edit ${c.title}`}>
              Edit
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
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

/** The recipes of the current page of the list, each with Edit. */
function RecipeTable({ items, onEdit }: { items: RecipeRecord[] | undefined; onEdit: (id: number) => void }) {
  if (!items) return <p>Loading…</p>;
  return (
    <AdminTable caption="Recipes" columns={['Title', 'Minutes', 'Serves', 'Status', 'Actions']}>
      {items.map((r) => (
        <tr key={r.id}>
          <td>{r.title}</td>
          <td>{r.prep_minutes + r.cook_minutes}</td>
          <td>{r.serves}</td>
          <td>{r.status === 'publish' ? 'Published' : 'Draft'}</td>
          <td>
            <button type="button" onClick={() => onEdit(r.id)} aria-label={`Edit ${r.title}`}>
              Edit
            </button>
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}
