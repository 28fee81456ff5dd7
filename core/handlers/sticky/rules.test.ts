import { describe, expect, it } from 'vitest';
import { isStickyOn, isStuck, stickyOffset } from './rules';

describe('sticky rules', () => {
  it.each([
    [{ sticky: 'top' }, 'desktop', true],
    [{ sticky: 'top' }, 'mobile', true],
    [{ sticky: '' }, 'desktop', false],
    [{}, 'desktop', false],
    [{ sticky: 'top', sticky_on: ['desktop'] }, 'mobile', false],
    [{ sticky: 'top', sticky_on: ['desktop'] }, 'widescreen', true],
    [{ sticky: 'bottom', sticky_on: ['mobile'] }, 'mobile_extra', true],
  ])('%j on %s → %s', (s, mode, on) => expect(isStickyOn(s, mode)).toBe(on));
  it('reads the offset as a number, a string or a slider value', () => {
    expect(stickyOffset({ sticky_offset: 10 })).toBe(10);
    expect(stickyOffset({ sticky_offset: '12' })).toBe(12);
    expect(stickyOffset({ sticky_offset: { size: 14 } })).toBe(14);
    expect(stickyOffset({})).toBe(0);
    expect(stickyOffset({ sticky_offset: 10, sticky_offset_tablet: 4 }, 'mobile')).toBe(4);
    expect(stickyOffset({ sticky_offset: 10, sticky_offset_tablet: 4 }, 'desktop')).toBe(10);
  });
  it('counts as stuck only after scrolling past its natural place', () => {
    expect(isStuck({ rectTop: 0, naturalTop: 0, scrollY: 0, offset: 0 })).toBe(false);
    expect(isStuck({ rectTop: 0, naturalTop: 0, scrollY: 10, offset: 0 })).toBe(true);
    expect(isStuck({ rectTop: 200, naturalTop: 300, scrollY: 100, offset: 0 })).toBe(false);
  });
});
