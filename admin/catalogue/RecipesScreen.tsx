import { useState } from 'react';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import type { RecipeInput, RecipeRecord } from '../../core/wire/catalogue-admin';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';
import { AdminStatus } from '../admin-status';
import { RowTable } from './row-table';
import { ImagesField } from './ImagesField';
import { useList, ListControls, StatusFilter, Pager, useForm, TextField, NumberField, SelectField, OtherErrors, saveForm } from './parts';
import { AuditTrail } from './audit-trail';
import { ProductPicker } from './ProductPicker';

// Recipes.

const lines = (v: string[] | undefined) => (v ?? []).join('\n');
const fromLines = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

export function RecipesScreen() {
  const [message, setMessage] = useState('');
  const [status, setStatus] = useState('');
  const list = useList(catalogue.recipes, catalogue.recipesCsv, { status }, setMessage);
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
      const { id: _id, updated_at: _u, ...r } = await api(catalogue.recipe, { params: { id } });
      form.replace(r);
    }
    setEditing(id);
  };
  const save = async () => {
    const saved = await saveForm(
      form,
      { create: catalogue.createRecipe, update: catalogue.updateRecipe },
      editing ?? null,
      setMessage,
      `recipe “${form.value.title}”`,
    );
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
        <StatusFilter id="recipes-status" value={status} onChange={setStatus} />
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
            <AuditTrail key={`a-${editing}-${message}`} of={{ entity: 'recipe', id: editing }} title="History of this recipe" />
          ) : null}
        </section>
      ) : null}
    </div>
  );
}

/** The recipes of the current page of the list, each with Edit. */
function RecipeTable({ items, onEdit }: { items: RecipeRecord[] | undefined; onEdit: (id: number) => void }) {
  return (
    <RowTable
      caption="Recipes"
      columns={['Title', 'Minutes', 'Serves', 'Status']}
      items={items}
      editLabel={(r) => `Edit ${r.title}`}
      onEdit={onEdit}
      cells={(r) => (
        <>
          <td>{r.title}</td>
          <td>{r.prep_minutes + r.cook_minutes}</td>
          <td>{r.serves}</td>
          <td>{r.status === 'publish' ? 'Published' : 'Draft'}</td>
        </>
      )}
    />
  );
}
