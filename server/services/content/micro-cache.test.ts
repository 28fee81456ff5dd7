import { describe, expect, it, vi } from 'vitest';
import { MicroCache } from './micro-cache';

describe('MicroCache', () => {
  it('keeps an answer for its lifetime, shares concurrent loads, clears on demand, forgets failures', async () => {
    let now = 0;
    const cache = new MicroCache<number>(2000, () => now);
    const load = vi.fn(async () => 7);
    expect(await Promise.all([cache.get('a', load), cache.get('a', load)])).toEqual([7, 7]);
    expect(load).toHaveBeenCalledTimes(1);
    now = 1999;
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(1);
    now = 2000;
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(2);
    cache.clear('a');
    await cache.get('a', load);
    expect(load).toHaveBeenCalledTimes(3);
    await expect(cache.get('b', async () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('b', async () => 1)).toBe(1);
    const off = new MicroCache<number>(0);
    await off.get('a', load);
    await off.get('a', load);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it('keeps at most maxEntries', async () => {
    let now = 0;
    const cache = new MicroCache<number>(1000, () => now, 3);
    for (const k of ['a', 'b', 'c']) await cache.get(k, async () => 1);
    now = 500;
    await cache.get('d', async () => 1); // full and nothing expired: start over
    expect(cache.size).toBe(1);
    for (const k of ['e', 'f']) await cache.get(k, async () => 1);
    now = 1600; // d, e, f expired
    await cache.get('g', async () => 1);
    expect(cache.size).toBe(1);
  });
});
