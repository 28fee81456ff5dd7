import { describe, expect, it } from 'vitest';
import { clickedThisVisit, rememberClick, VISIT_CLICKS_KEY } from './visit';

const memory = () => {
  const data = new Map<string, string>();
  return { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
};

describe('the visit’s clicks on measured content', () => {
  it('keeps each subject once, with the latest variant, newest last', () => {
    const s = memory();
    rememberClick(s, { subject_type: 'block', subject_id: 7, variant: 'A', view_id: 'view-abcdefgh' });
    rememberClick(s, { subject_type: 'popup', subject_id: 7, variant: 'A', view_id: 'view-abcdefgh' });
    rememberClick(s, { subject_type: 'block', subject_id: 7, variant: 'B', view_id: 'view-abcdefgh' });
    expect(clickedThisVisit(s)).toEqual([
      { subject_type: 'popup', subject_id: 7, variant: 'A', view_id: 'view-abcdefgh' },
      { subject_type: 'block', subject_id: 7, variant: 'B', view_id: 'view-abcdefgh' },
    ]);
  });
  it('keeps the 20 newest', () => {
    const s = memory();
    for (let i = 1; i <= 25; i++) rememberClick(s, { subject_type: 'block', subject_id: i, variant: 'A', view_id: 'view-abcdefgh' });
    expect(clickedThisVisit(s).map((c) => c.subject_id)).toEqual(Array.from({ length: 20 }, (_, i) => i + 6));
  });
  it('reads damaged or foreign storage as nothing, and works without storage', () => {
    const s = memory();
    s.setItem(VISIT_CLICKS_KEY, '{"not":"a list"');
    expect(clickedThisVisit(s)).toEqual([]);
    s.setItem(
      VISIT_CLICKS_KEY,
      JSON.stringify([
        { subject_type: 'block', subject_id: -1, variant: 'A', view_id: 'view-abcdefgh' },
        { subject_type: 'block', subject_id: 3, variant: 'A' }, // from before views were issued: no view to name
        { subject_type: 'x' },
      ]),
    );
    expect(clickedThisVisit(s)).toEqual([]);
    expect(clickedThisVisit(null)).toEqual([]);
    expect(() => rememberClick(null, { subject_type: 'block', subject_id: 1, variant: 'A', view_id: 'view-abcdefgh' })).not.toThrow();
  });
});
