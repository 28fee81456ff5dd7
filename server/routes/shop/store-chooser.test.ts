import { describe, expect, it } from 'vitest';
import { useTestServer, visitorAt } from '../../testing/harness';

// The shop's store chooser (issue 33 item 16): the shopping stores nearest a typed ZIP code or city first, each
// with its distance; a place that cannot be found, an empty or an overlong one answers 400 naming the field.

const server = useTestServer();

interface Near {
  place: { label: string; latitude: number; longitude: number };
  items: Array<{ id: number; name: string; kind: string; distance_miles: number }>;
}

describe('GET /api/shop/v1/stores/near', () => {
  it.each([
    ['15201', 'Pittsburgh, PA 15201', 1006],
    ['Philadelphia, PA', 'Philadelphia, PA', 1008],
    ['ann arbor', 'Ann Arbor, MI', 1010],
    ['43215', 'Columbus, OH 43215', 1001],
  ])('%s: the nearest shopping store first, distances ascending', async (place, label, nearest) => {
    const c = await visitorAt(server.url);
    const r = await c.json<Near>(`/api/shop/v1/stores/near?place=${encodeURIComponent(place)}`);
    expect(r.status).toBe(200);
    expect(r.body.place.label).toBe(label);
    expect(r.body.items[0].id).toBe(nearest);
    const miles = r.body.items.map((s) => s.distance_miles);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    expect(r.body.items.every((s) => s.kind === 'shopping')).toBe(true);
    expect(r.body.items.map((s) => s.id)).not.toContain(1095); // the wine cellar is not a shopping store
  });

  it.each([
    ['Atlantis', 'We could not find “Atlantis”. Type a 5-digit ZIP code or a city, like Columbus, OH.'],
    ['00000', 'We could not find “00000”. Type a 5-digit ZIP code or a city, like Columbus, OH.'],
    ['   ', 'Type a ZIP code or a city.'],
    ['x'.repeat(81), 'must be at most 80 characters'],
  ])('%j → 400 naming the place', async (place, message) => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ data: { params: Record<string, string> } }>(`/api/shop/v1/stores/near?place=${encodeURIComponent(place)}`);
    expect(r.status).toBe(400);
    expect(r.body.data.params).toEqual({ place: message });
  });

  it('without a place → 400', async () => {
    const c = await visitorAt(server.url);
    const r = await c.json<{ data: { params: Record<string, string> } }>('/api/shop/v1/stores/near');
    expect(r.status).toBe(400);
    expect(Object.keys(r.body.data.params)).toEqual(['place']);
  });
});
