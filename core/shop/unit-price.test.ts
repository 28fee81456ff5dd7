import { describe, expect, it } from 'vitest';
import { unitPrice } from './unit-price';

describe('unit prices of the catalogue sizes', () => {
  it('reads half gallons, quarts, pints, liters and dozens', () => {
    expect(unitPrice(229, '1/2 gal')?.label).toBe('3.6¢/fl oz');
    expect(unitPrice(499, '1 quart')).toBeNull(); // a shelf label, not a unit
    expect(unitPrice(499, '1 qt')?.label).toBe('15.6¢/fl oz');
    expect(unitPrice(399, '1 pt')?.label).toBe('24.9¢/fl oz');
    expect(unitPrice(199, '2 l')?.label).toBe('2.9¢/fl oz');
    expect(unitPrice(349, '1 dozen')?.label).toBe('$0.29/each');
    expect(unitPrice(559, '3 lb bag')?.label).toBe('$1.86/lb');
    expect(unitPrice(549, '1 lb, 4 sticks')?.label).toBe('$5.49/lb');
    expect(unitPrice(189, '16.9 fl oz')?.label).toBe('11.2¢/fl oz');
  });
});
