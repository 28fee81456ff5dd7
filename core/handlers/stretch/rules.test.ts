import { describe, expect, it } from 'vitest';
import { stretchStyle } from './rules';

describe('stretch geometry', () => {
  it('pulls the element left to the container edge in LTR', () => {
    expect(stretchStyle({ elementLeft: 140, elementRight: 1140, containerLeft: 0, containerWidth: 1280, isRtl: false })).toEqual({
      width: '1280px',
      left: '-140px',
    });
  });
  it('pulls the element right to the container edge in RTL', () => {
    expect(stretchStyle({ elementLeft: 140, elementRight: 1140, containerLeft: 0, containerWidth: 1280, isRtl: true })).toEqual({
      width: '1280px',
      right: '-140px',
    });
  });
  it('stretches to a custom container', () => {
    expect(stretchStyle({ elementLeft: 300, elementRight: 700, containerLeft: 200, containerWidth: 600, isRtl: false })).toEqual({
      width: '600px',
      left: '-100px',
    });
  });
});
