import { createRequire } from 'node:module';
import { distanceMiles, type LatLng } from '../../core/store-layer/distance';

// Where a shopper is, from a ZIP code or a city they type (the shop's store chooser sorts stores by distance from
// it). The `zipcodes` package carries the US ZIP codes with their coordinates and works offline; it is loaded on
// the first look-up (a few MB), not at start.

interface ZipRecord {
  zip: string;
  latitude: number;
  longitude: number;
  city: string;
  state: string;
  country: string;
}
interface Zipcodes {
  lookup(zip: string): ZipRecord | undefined;
  lookupByName(city: string, state: string): ZipRecord[];
  codes: Record<string, ZipRecord>;
  states: { normalize(state: string): string | undefined };
}

export interface Place extends LatLng {
  /** What was found, as the shopper reads it: "Columbus, OH 43215" or "Columbus, OH". */
  label: string;
}

let zipcodes: Zipcodes | null = null;
let byCity: Map<string, ZipRecord[]> | null = null;
const load = (): Zipcodes => (zipcodes ??= createRequire(import.meta.url)('zipcodes') as Zipcodes);

/** US ZIP codes by city name (upper case), built on the first look-up by a city without a state. */
function cityIndex(z: Zipcodes): Map<string, ZipRecord[]> {
  if (byCity) return byCity;
  byCity = new Map();
  for (const r of Object.values(z.codes)) {
    if (r.country !== 'US') continue;
    const key = r.city.toUpperCase();
    const list = byCity.get(key);
    if (list) list.push(r);
    else byCity.set(key, [r]);
  }
  return byCity;
}

const centre = (records: ZipRecord[]): LatLng => ({
  latitude: records.reduce((n, r) => n + r.latitude, 0) / records.length,
  longitude: records.reduce((n, r) => n + r.longitude, 0) / records.length,
});

/**
 * The place a shopper typed: a 5-digit ZIP code (ZIP+4 too), "City, ST", "City ST", "City, State" or a city
 * alone. A city in several states is the one nearest to one of `near` (the stores): whoever types "Columbus" on
 * this site means Ohio, not Georgia. Null when nothing matches.
 */
export function findPlace(text: string, near: LatLng[]): Place | null {
  const q = text.trim().replace(/\s+/g, ' ');
  if (!q || q.length > 80) return null;
  const z = load();
  const zip = /^(\d{5})(?:-\d{4})?$/.exec(q);
  if (zip) {
    const r = z.lookup(zip[1]);
    return r && r.country === 'US' ? { label: `${r.city}, ${r.state} ${r.zip}`, latitude: r.latitude, longitude: r.longitude } : null;
  }
  // "City, ST", "City, State" or "City ST".
  const comma = q.lastIndexOf(',');
  const [city, state] = comma > 0 ? [q.slice(0, comma), q.slice(comma + 1)] : (/^(.+) ([A-Za-z]{2})$/.exec(q)?.slice(1, 3) ?? [q, '']);
  const code = state.trim() ? (z.states.normalize(state.trim()) ?? '') : '';
  if (/^[A-Z]{2}$/.test(code)) {
    const found = z.lookupByName(city.trim(), code);
    if (found.length) return { label: `${found[0].city}, ${found[0].state}`, ...centre(found) };
    if (comma > 0) return null;
  }
  const all = cityIndex(z).get((comma > 0 ? city : q).trim().toUpperCase());
  if (!all?.length) return null;
  const states = new Map<string, ZipRecord[]>();
  for (const r of all) states.set(r.state, [...(states.get(r.state) ?? []), r]);
  const nearest = (p: LatLng) => (near.length ? Math.min(...near.map((s) => distanceMiles(p, s))) : 0);
  const best = [...states.values()].map((records) => ({ records, at: centre(records) })).sort((a, b) => nearest(a.at) - nearest(b.at))[0];
  return { label: `${best.records[0].city}, ${best.records[0].state}`, ...best.at };
}
