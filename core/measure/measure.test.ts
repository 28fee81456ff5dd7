import { describe, expect, it } from 'vitest';
import { wilson, winner } from './confidence';
import { fnv1a, variantFor } from './variant';

describe('A/B split', () => {
  it('is stable per visitor and subject, and splits 10 000 simulated visitors within 45-55 %', () => {
    expect(variantFor('visitor-1', 'block:1001')).toBe(variantFor('visitor-1', 'block:1001'));
    const ids = Array.from({ length: 10_000 }, (_, i) => `v${i.toString(36)}-${(i * 7919) % 10007}`);
    for (const subject of ['block:1001', 'popup:50']) {
      const b = ids.filter((id) => variantFor(id, subject) === 'B').length / ids.length;
      expect(b).toBeGreaterThanOrEqual(0.45);
      expect(b).toBeLessThanOrEqual(0.55);
    }
  });

  it('gives visitors without an id (tracking refused) variant A', () => {
    expect(variantFor(null, 'block:1')).toBe('A');
  });

  it('hashes like FNV-1a', () => {
    expect(fnv1a('')).toBe(0x811c9dc5);
    expect(fnv1a('a')).toBe(0xe40c292c);
  });
});

describe('click-through confidence', () => {
  it('gives the Wilson interval', () => {
    const r = wilson(10, 100);
    expect(r.rate).toBe(0.1);
    expect(r.low).toBeCloseTo(0.0552, 3);
    expect(r.high).toBeCloseTo(0.1744, 3);
    expect(wilson(0, 0)).toEqual({ rate: 0, low: 0, high: 1 });
  });

  it('names a winner only when the intervals do not overlap', () => {
    expect(winner(wilson(10, 1000), wilson(60, 1000))).toBe('B');
    expect(winner(wilson(10, 100), wilson(12, 100))).toBeNull();
  });
});
