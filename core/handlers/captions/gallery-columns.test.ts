import { describe, expect, it } from 'vitest';
import { defaultBreakpoints } from '../../config/breakpoints';
import { galleryLayoutFor } from './gallery-columns';

describe('gallery columns per device', () => {
  it('defaults to 3 / 2 / 1 columns and 30 px', () => {
    expect(['desktop', 'tablet', 'mobile'].map((d) => galleryLayoutFor({}, d, defaultBreakpoints))).toEqual([
      { columns: 3, spacing: 30 },
      { columns: 2, spacing: 30 },
      { columns: 1, spacing: 30 },
    ]);
  });

  it('inherits mobile → tablet → desktop and clamps', () => {
    const s = { columns: 5, columns_tablet: 4, columns_mobile: '', gap: 12, gap_tablet: { size: 40, unit: 'px' } };
    expect(galleryLayoutFor(s, 'tablet', defaultBreakpoints)).toEqual({ columns: 4, spacing: 40 });
    expect(galleryLayoutFor(s, 'mobile', defaultBreakpoints)).toEqual({ columns: 1, spacing: 40 });
    expect(galleryLayoutFor({ columns: 99 }, 'desktop', defaultBreakpoints).columns).toBe(6);
    expect(galleryLayoutFor({ columns: 1 }, 'tablet', defaultBreakpoints).columns).toBe(1);
  });
});
