import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { HolidayHours, ListPage, StoreRecord, storeInput } from '../../../core/wire/catalogue-admin';
import type { OtherAttributes, StoreHours } from '../../../core/wire/store';
import type { StoresTable } from '../../db/schema';
import { parseJson } from '../users';
import { recordAudit } from './audit';
import { type Actor, checkSeo, contains, fieldError, json, nextId, pageOf, type Tx } from './common';

// Stores in the back office: address, zone, tax rate, weekly and holiday hours, services, groups, related
// catering and wine stores, whether shoppers may choose it. Stores are a page-cache source table (its trigger
// moves the version), so no explicit bump here.

type StoreBody = z.output<typeof storeInput>;

function toRecord(row: Selectable<StoresTable>, holidays: HolidayHours[]): StoreRecord {
  const other = parseJson<OtherAttributes>(row.other_attributes, {});
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    kind: row.kind as StoreRecord['kind'],
    address_1: row.address_1,
    address_2: row.address_2,
    city: row.city,
    state: row.state,
    postal_code: row.postal_code,
    phone: row.phone,
    latitude: Number(row.latitude),
    longitude: Number(row.longitude),
    store_number: row.store_number,
    time_zone: row.time_zone,
    tax_rate_bp: Number(row.tax_rate_bp),
    hours: parseJson<StoreHours>(row.hours, {}) as StoreRecord['hours'],
    holidays,
    opening_date: row.opening_date,
    services: parseJson(row.services, []),
    store_group_ids: parseJson(row.store_group_ids, []),
    store_segment_ids: parseJson(row.store_segment_ids, []),
    related_catering_store_id: other.related_catering_store_id ?? null,
    related_wine_store_id: other.related_wine_store_id ?? null,
    is_selectable: row.is_selectable === 1,
    seo: parseJson(row.seo, {}),
    updated_at: Number(row.updated_at),
  };
}

async function holidaysOf(db: Tx, storeId: number): Promise<HolidayHours[]> {
  const rows = await db.selectFrom('store_hours_exceptions').selectAll().where('store_id', '=', storeId).orderBy('day').execute();
  return rows.map((r) => ({ day: r.day, open: r.open, close: r.close, note: r.note }));
}

export async function getStoreRecord(db: Tx, id: number): Promise<StoreRecord | null> {
  const row = await db.selectFrom('stores').selectAll().where('id', '=', id).executeTakeFirst();
  return row ? toRecord(row, await holidaysOf(db, id)) : null;
}

export interface StoreListQuery {
  q?: string;
  kind?: string;
  page: number;
  per_page: number;
}

export async function listStoreRecords(db: Tx, query: StoreListQuery): Promise<ListPage<StoreRecord>> {
  let base = db.selectFrom('stores');
  if (query.q) {
    const pattern = contains(query.q);
    base = base.where((eb) =>
      eb.or([
        eb(eb.fn('lower', ['name']), 'like', pattern),
        eb(eb.fn('lower', ['city']), 'like', pattern),
        eb('store_number', '=', query.q!),
      ]),
    );
  }
  if (query.kind) base = base.where('kind', '=', query.kind);
  const { total } = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('name')
    .orderBy('id')
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page)
    .execute();
  return pageOf(
    rows.map((r) => toRecord(r, [])),
    Number(total),
    query.page,
    query.per_page,
  );
}

/** The related stores must exist and be of their kind; the slug must be free. */
async function check(db: Tx, body: StoreBody, id: number | null): Promise<void> {
  const taken = await db.selectFrom('stores').select('id').where('slug', '=', body.slug).executeTakeFirst();
  if (taken && taken.id !== id) throw fieldError('slug', `Another store (${taken.id}) has the slug ${body.slug}.`);
  for (const [field, kind] of [
    ['related_catering_store_id', 'catering'],
    ['related_wine_store_id', 'wine'],
  ] as const) {
    const related = body[field];
    if (related === null) continue;
    const row = await db.selectFrom('stores').select(['id', 'kind']).where('id', '=', related).executeTakeFirst();
    if (!row) throw fieldError(field, `Unknown store id: ${related}.`);
    if (row.kind !== kind) throw fieldError(field, `Store ${related} is not a ${kind} store.`);
  }
}

function toRow(body: StoreBody, previousOther: OtherAttributes, now: number) {
  const other: OtherAttributes = { ...previousOther };
  delete other.related_catering_store_id;
  delete other.related_wine_store_id;
  if (body.related_catering_store_id !== null) other.related_catering_store_id = body.related_catering_store_id;
  if (body.related_wine_store_id !== null) other.related_wine_store_id = body.related_wine_store_id;
  return {
    name: body.name,
    slug: body.slug,
    url: `/stores/${body.slug}`,
    kind: body.kind,
    address_1: body.address_1,
    address_2: body.address_2,
    city: body.city,
    state: body.state,
    postal_code: body.postal_code,
    phone: body.phone,
    latitude: body.latitude,
    longitude: body.longitude,
    store_number: body.store_number,
    time_zone: body.time_zone,
    tax_rate_bp: body.tax_rate_bp,
    hours: json(body.hours),
    opening_date: body.opening_date,
    services: json(body.services),
    store_group_ids: json(body.store_group_ids),
    store_segment_ids: json(body.store_segment_ids),
    other_attributes: json(other),
    is_selectable: body.is_selectable ? 1 : 0,
    seo: json(body.seo),
    updated_at: now,
  };
}

async function writeHolidays(tx: Tx, storeId: number, holidays: HolidayHours[]): Promise<void> {
  const days = new Set<string>();
  for (const [i, h] of holidays.entries()) {
    if (days.has(h.day)) throw fieldError(`holidays.${i}.day`, `${h.day} is listed twice.`);
    days.add(h.day);
  }
  await tx.deleteFrom('store_hours_exceptions').where('store_id', '=', storeId).execute();
  if (holidays.length)
    await tx
      .insertInto('store_hours_exceptions')
      .values(holidays.map((h) => ({ store_id: storeId, day: h.day, open: h.open, close: h.close, note: h.note ?? '' })))
      .execute();
}

export async function saveStore(
  db: Tx,
  actor: Actor,
  id: number | null,
  body: StoreBody,
  siteOrigin: string | null = null,
): Promise<StoreRecord> {
  checkSeo(body.seo, siteOrigin);
  return db.transaction().execute(async (tx) => {
    const before = id === null ? null : await getStoreRecord(tx, id);
    if (id !== null && !before) throw fieldError('id', `Unknown store id: ${id}.`);
    await check(tx, body, id);
    const now = Date.now();
    const previous =
      id === null ? undefined : await tx.selectFrom('stores').select('other_attributes').where('id', '=', id).executeTakeFirst();
    const row = toRow(body, parseJson<OtherAttributes>(previous?.other_attributes, {}), now);
    let storeId = id;
    if (storeId === null) {
      storeId = Math.max(await nextId(tx, 'stores'), 1);
      await tx
        .insertInto('stores')
        .values({ id: storeId, ...row })
        .execute();
    } else await tx.updateTable('stores').set(row).where('id', '=', storeId).execute();
    await writeHolidays(tx, storeId, body.holidays);
    const after = (await getStoreRecord(tx, storeId))!;
    await recordAudit(tx, actor, 'store', storeId, id === null ? 'create' : 'update', before, after, now);
    return after;
  });
}
