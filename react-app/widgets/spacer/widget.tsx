import type { WidgetDefinition } from '../types';

/** Height in px from a slider value (a number or {size}), kept between 1 and 600. */
export function spaceOf(v: unknown, fallback = 50): number {
  const raw = typeof v === 'object' && v !== null ? (v as { size?: unknown }).size : v;
  const n = Number(raw);
  return Number.isFinite(n) && n > 0 ? Math.min(600, Math.max(1, Math.round(n))) : fallback;
}

/** Empty space of a set height between two elements (hidden from assistive technology: there is nothing in it). */
export const spacer: WidgetDefinition = {
  type: 'spacer',
  title: 'Spacer',
  frontendSettings: [],
  controls: [{ key: 'space', label: 'Space', type: 'slider', unit: 'px', min: 1, max: 600, default: { size: 50, unit: 'px' } }],
  defaults: { space: { size: 50, unit: 'px' } },
  render: (s) => (
    <div className="elementor-spacer" aria-hidden="true">
      <div className="elementor-spacer-inner" style={{ height: `${spaceOf(s.space)}px` }} />
    </div>
  ),
};
