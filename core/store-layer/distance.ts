// Great-circle distance for the store locator's "sort by distance" (no map service needed).
const EARTH_RADIUS_MILES = 3958.8;
const rad = (deg: number): number => (deg * Math.PI) / 180;

export interface LatLng {
  latitude: number;
  longitude: number;
}

export function distanceMiles(a: LatLng, b: LatLng): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Stores nearest first, each with its distance; the original order when there is no position. */
export function sortByDistance<T extends LatLng>(stores: T[], from: LatLng | null): Array<T & { distance: number | null }> {
  const withDistance = stores.map((s) => ({ ...s, distance: from ? distanceMiles(from, s) : null }));
  return from ? withDistance.sort((x, y) => x.distance! - y.distance!) : withDistance;
}

export const formatMiles = (miles: number): string => (miles < 10 ? `${miles.toFixed(1)} mi` : `${Math.round(miles)} mi`);
