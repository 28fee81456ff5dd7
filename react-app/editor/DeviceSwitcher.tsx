import type { Breakpoint } from '../../core/config/site-config';

// Responsive mode: the preview takes the width of a device under the kit's breakpoints, and responsive
// controls edit that device's values.

export const PREVIEW_DEVICES = ['desktop', 'tablet', 'mobile'] as const;
export type PreviewDevice = (typeof PREVIEW_DEVICES)[number];
const LABELS: Record<PreviewDevice, string> = { desktop: 'Desktop', tablet: 'Tablet', mobile: 'Mobile' };

/** Preview width of a device: a phone (390 px) or tablet (834 px) clamped into the kit's breakpoint ranges. */
export function previewWidth(device: string, breakpoints: Record<string, Breakpoint>): number | null {
  const mobile = breakpoints.mobile?.value ?? 767;
  const tablet = breakpoints.tablet?.value ?? 1024;
  if (device === 'mobile') return Math.min(390, mobile);
  if (device === 'tablet') return Math.max(mobile + 1, Math.min(834, tablet));
  return null;
}

/**
 * The canvas's width in CSS pixels: the device's (tablet, mobile), or for desktop the canvas column's, and never
 * narrower than the narrowest desktop (one pixel past the tablet breakpoint), so desktop values apply.
 */
export function canvasWidth(device: string, breakpoints: Record<string, Breakpoint> | undefined, column: number): number {
  const bp = breakpoints ?? {};
  return previewWidth(device, bp) ?? Math.max(Math.floor(column), (bp.tablet?.value ?? 1024) + 1);
}

export function DeviceSwitcher({ device, onChange }: { device: string; onChange: (d: PreviewDevice) => void }) {
  return (
    <div className="editor-devices-switch" role="group" aria-label="Responsive mode">
      {PREVIEW_DEVICES.map((d) => (
        <button key={d} type="button" aria-pressed={device === d} onClick={() => onChange(d)} data-device={d}>
          {LABELS[d]}
        </button>
      ))}
    </div>
  );
}
