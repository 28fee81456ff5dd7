import { devices, type BrowserContextOptions } from '@playwright/test';

// The two devices of the browser checks, one a project each (playwright.config.ts).

export type Device = 'desktop' | 'phone';
/** The desktop: the `desktop` project. */
export const DESKTOP = { viewport: { width: 1280, height: 900 } };
/**
 * The phone (the `phone` project, and the vitals bench): 390x844 with touch and an iPhone's user agent, at 1x device
 * pixels (layout, axe and shifts are in CSS pixels; 3x would only raster nine times the pixels).
 */
export const PHONE = { viewport: { width: 390, height: 844 }, userAgent: devices['iPhone 13'].userAgent, hasTouch: true, isMobile: true };
export const DEVICES: Record<Device, BrowserContextOptions> = { desktop: DESKTOP, phone: PHONE };
