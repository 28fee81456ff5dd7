import { useState } from 'react';
import { STORE_KINDS, STORE_SERVICES, type StoreInput, type StoreRecord, WEEKDAYS } from '../../core/wire/catalogue-admin';
import * as catalogue from '../../core/api/catalogue';
import { api } from '../../core/api/client';
import { AdminStatus } from '../admin-status';
import { RowTable } from './row-table';
import { useAdminData } from '../use-admin-data';
import {
  CheckField,
  ChoiceSet,
  ListControls,
  NumberField,
  OtherErrors,
  Pager,
  SelectField,
  TextField,
  useForm,
  useList,
  saveForm,
  fieldId,
} from './parts';
import { AuditTrail } from './audit-trail';
import { AdminField, errorProps } from '../../react-app/forms/admin-field';

// Stores: address, time zone, tax rate, weekly and holiday hours, opening date, services, groups, related
// catering and wine stores, and whether shoppers may choose it; with each store's history.

const DAY_NAMES: Record<(typeof WEEKDAYS)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thu: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};

const emptyStore = (): StoreInput => ({
  name: '',
  slug: '',
  kind: 'shopping',
  address_1: '',
  address_2: '',
  city: '',
  state: '',
  postal_code: '',
  phone: '',
  latitude: 0,
  longitude: 0,
  store_number: '',
  time_zone: 'America/New_York',
  tax_rate_bp: 0,
  hours: Object.fromEntries(WEEKDAYS.map((d) => [d, ['08:00', '21:00']])) as StoreInput['hours'],
  holidays: [],
  opening_date: null,
  services: ['pickup'],
  store_group_ids: [],
  related_catering_store_id: null,
  related_wine_store_id: null,
  is_selectable: true,
  seo: {},
});

const toInput = (s: StoreRecord): StoreInput => {
  const { id: _id, updated_at, ...rest } = s;
  return { ...rest, expected_updated_at: updated_at };
};

export function StoresScreen() {
  const [message, setMessage] = useState('');
  const [kind, setKind] = useState('');
  const list = useList(catalogue.stores, catalogue.storesCsv, { kind }, setMessage);
  const [editing, setEditing] = useState<number | null | undefined>(undefined);
  const form = useForm<StoreInput>(emptyStore(), 'store');
  const [allStores] = useAdminData(catalogue.stores, undefined, { query: { per_page: 100 } });
  const others = allStores?.items ?? [];

  const open = async (id: number | null) => {
    setMessage('');
    if (id === null) form.replace(emptyStore());
    else form.replace(toInput(await api(catalogue.store, { params: { id } })));
    setEditing(id);
  };
  const save = async () => {
    const saved = await saveForm(
      form,
      { create: catalogue.createStore, update: catalogue.updateStore },
      editing ?? null,
      setMessage,
      `store “${form.value.name}”`,
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
      <ListControls id="stores" label="Find stores" onSearch={(q) => (list.setQ(q), list.setPage(1))} exportUrl={list.exportUrl}>
        <label htmlFor="stores-kind">Kind</label>
        <select id="stores-kind" value={kind} onChange={(e) => setKind(e.target.value)}>
          <option value="">All kinds</option>
          {STORE_KINDS.map((k) => (
            <option key={k} value={k}>
              {k}
            </option>
          ))}
        </select>
      </ListControls>
      <div className="admin-buttons">
        <button type="button" onClick={() => void open(null)}>
          New store
        </button>
      </div>
      <RowTable
        caption="Stores"
        columns={['Name', 'Number', 'City', 'Kind', 'Shoppers may choose it']}
        items={list.data?.items}
        editLabel={(s) => `Edit ${s.name}`}
        onEdit={(id) => void open(id)}
        cells={(s) => (
          <>
            <td>{s.name}</td>
            <td>{s.store_number}</td>
            <td>
              {s.city}, {s.state}
            </td>
            <td>{s.kind}</td>
            <td>{s.is_selectable ? 'Yes' : 'No'}</td>
          </>
        )}
      />
      <Pager data={list.data} setPage={list.setPage} />

      {editing !== undefined ? (
        <section className="catalogue-form" aria-labelledby="store-heading">
          <h2 id="store-heading">{editing ? `Edit store ${form.value.name}` : 'New store'}</h2>
          <TextField form={form} name="name" label="Name" />
          <TextField form={form} name="slug" label="Slug (address of its page)" />
          <SelectField form={form} name="kind" label="Kind" options={STORE_KINDS.map((k) => [k, k] as const)} />
          <TextField form={form} name="store_number" label="Store number" />
          <TextField form={form} name="address_1" label="Street address" />
          <TextField form={form} name="address_2" label="Address line 2" />
          <TextField form={form} name="city" label="City" />
          <TextField form={form} name="state" label="State (two letters)" />
          <TextField form={form} name="postal_code" label="ZIP code" />
          <TextField form={form} name="phone" label="Phone" />
          <NumberField form={form} name="latitude" label="Latitude" />
          <NumberField form={form} name="longitude" label="Longitude" />
          <TextField form={form} name="time_zone" label="Time zone (e.g. America/New_York)" />
          <NumberField form={form} name="tax_rate_bp" label="Combined sales-tax rate (basis points: 725 = 7.25 %)" step="1" />
          <TextField form={form} name="opening_date" label="Opening date" type="date" nullable />
          <WeekdayHours form={form} />
          <HolidayHours form={form} />
          <ChoiceSet form={form} name="services" label="Services" options={STORE_SERVICES.map((s) => [s, s.replace('_', ' ')] as const)} />
          <AdminField id="store-store_group_ids" label="Store groups (ids separated by commas)" error={form.errors.store_group_ids}>
            <input
              id="store-store_group_ids"
              type="text"
              defaultValue={(form.value.store_group_ids ?? []).join(', ')}
              key={`groups-${editing ?? 'new'}`}
              onChange={(e) =>
                form.set(
                  'store_group_ids',
                  e.target.value
                    .split(',')
                    .map((x) => x.trim())
                    .filter(Boolean)
                    .map(Number),
                )
              }
              {...errorProps('store-store_group_ids', form.errors.store_group_ids)}
            />
          </AdminField>
          <SelectField
            form={form}
            name="related_catering_store_id"
            label="Related catering store"
            nullable
            numeric
            options={others.filter((s) => s.kind === 'catering').map((s) => [s.id, s.name] as const)}
          />
          <SelectField
            form={form}
            name="related_wine_store_id"
            label="Related wine store"
            nullable
            numeric
            options={others.filter((s) => s.kind === 'wine').map((s) => [s.id, s.name] as const)}
          />
          <CheckField form={form} name="is_selectable" label="Shoppers may choose this store" />
          <fieldset className="admin-field">
            <legend>Search engines</legend>
            <TextField form={form} name="seo.title" label="SEO title" />
            <TextField form={form} name="seo.description" label="SEO description" multiline />
          </fieldset>
          <OtherErrors form={form} shown={shownStoreFields(form.value)} />
          <div className="admin-buttons">
            <button type="button" className="button-primary" onClick={() => void save()}>
              Save store
            </button>
          </div>
          {editing ? <AuditTrail of={{ entity: 'store', id: editing }} title="History of this store" /> : null}
        </section>
      ) : null}
    </div>
  );
}

const shownStoreFields = (v: StoreInput): string[] => [
  ...Object.keys(v),
  ...WEEKDAYS.flatMap((d) => [`hours.${d}`, `hours.${d}.0`, `hours.${d}.1`]),
  ...(v.holidays ?? []).flatMap((_, i) => ['day', 'open', 'close', 'note'].map((k) => `holidays.${i}.${k}`)),
  'seo.title',
  'seo.description',
];

type StoreForm = ReturnType<typeof useForm<StoreInput>>;

/** Opening hours per weekday, each day open (two times) or closed. */
function WeekdayHours({ form }: { form: StoreForm }) {
  const hoursError = (d: string) => form.errors[`hours.${d}`] ?? form.errors[`hours.${d}.1`] ?? form.errors[`hours.${d}.0`];
  return (
    <fieldset className="admin-field">
      <legend>Hours per weekday (store time)</legend>
      {WEEKDAYS.map((d) => {
        const hours = form.value.hours[d];
        const id = fieldId(form, `hours.${d}`);
        const error = hoursError(d);
        return (
          <div key={d} className="catalogue-hours-row">
            <label className="admin-check">
              <input
                type="checkbox"
                checked={hours === null}
                onChange={(e) => form.set(`hours.${d}`, e.target.checked ? null : ['08:00', '21:00'])}
              />{' '}
              Closed on {DAY_NAMES[d]}
            </label>
            {hours ? (
              <>
                <AdminField id={`${id}-open`} label={`${DAY_NAMES[d]} opens`} error={undefined}>
                  <input
                    id={`${id}-open`}
                    type="time"
                    value={hours[0]}
                    onChange={(e) => form.set(`hours.${d}`, [e.target.value, hours[1]])}
                    {...errorProps(id, error)}
                  />
                </AdminField>
                <AdminField id={id} label={`${DAY_NAMES[d]} closes`} error={error}>
                  <input
                    id={id}
                    type="time"
                    value={hours[1]}
                    onChange={(e) => form.set(`hours.${d}`, [hours[0], e.target.value])}
                    {...errorProps(id, error)}
                  />
                </AdminField>
              </>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

/** Days with their own hours (a holiday), or closed all day. */
function HolidayHours({ form }: { form: StoreForm }) {
  const holidays = form.value.holidays ?? [];
  return (
    <fieldset className="admin-field">
      <legend>Holiday hours</legend>
      {holidays.map((h, i) => (
        <div key={i} className="catalogue-holiday">
          <TextField form={form} name={`holidays.${i}.day`} label={`Day ${i + 1}`} type="date" />
          <label className="admin-check">
            <input
              type="checkbox"
              checked={h.open === null && h.close === null}
              onChange={(e) => {
                form.set(`holidays.${i}.open`, e.target.checked ? null : '09:00');
                form.set(`holidays.${i}.close`, e.target.checked ? null : '17:00');
              }}
            />{' '}
            Day {i + 1} closed all day
          </label>
          {h.open !== null || h.close !== null ? (
            <>
              <TextField form={form} name={`holidays.${i}.open`} label={`Day ${i + 1} opens`} type="time" nullable />
              <TextField form={form} name={`holidays.${i}.close`} label={`Day ${i + 1} closes`} type="time" nullable />
            </>
          ) : null}
          <TextField form={form} name={`holidays.${i}.note`} label={`Day ${i + 1} note`} />
          <button
            type="button"
            onClick={() =>
              form.set(
                'holidays',
                holidays.filter((_, j) => j !== i),
              )
            }
          >
            Remove day {i + 1}
          </button>
        </div>
      ))}
      <button type="button" onClick={() => form.set('holidays', [...holidays, { day: '', open: null, close: null, note: '' }])}>
        Add holiday
      </button>
    </fieldset>
  );
}
