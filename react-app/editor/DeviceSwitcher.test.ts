import { describe, expect, it } from 'vitest';
import { canvasWidth } from './DeviceSwitcher';

const kit = {
  mobile: { label: 'Mobile', value: 767, direction: 'max' },
  tablet: { label: 'Tablet', value: 1024, direction: 'max' },
} as never;

describe('the canvas width', () => {
  it('is the device’s own width on tablet and mobile, whatever the column', () => {
    expect(canvasWidth('tablet', kit, 600)).toBe(834);
    expect(canvasWidth('mobile', kit, 1600)).toBe(390);
  });

  it('is the column’s width on desktop, never narrower than the narrowest desktop', () => {
    expect(canvasWidth('desktop', kit, 1400.6)).toBe(1400);
    expect(canvasWidth('desktop', kit, 668)).toBe(1025);
  });
});
