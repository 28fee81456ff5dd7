import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHROMIUM_BUILDS, chromiumLaunchOptions, testChromiumBuild } from './chromium.mjs';

// Which Chromium runs what (scripts/chromium.mjs, docs/testing.md "Headless shell"): the browser tests in the
// headless shell unless the matrix asks for the full browser; the benchmarks always in the full browser.
describe('the Chromium builds', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('runs the browser tests in the headless shell by default, and in the full browser when E2E_CHROMIUM=full', () => {
    vi.stubEnv('E2E_CHROMIUM', undefined);
    vi.stubEnv('CHROMIUM_PATH', undefined);
    expect(chromiumLaunchOptions({ build: testChromiumBuild() }).executablePath).toBe('/usr/bin/chromium-headless-shell');
    vi.stubEnv('E2E_CHROMIUM', 'full');
    expect(chromiumLaunchOptions({ build: testChromiumBuild() }).executablePath).toBe('/usr/bin/chromium');
  });

  it('runs the browser tests in the full browser on a machine without the headless shell', () => {
    vi.stubEnv('E2E_CHROMIUM', undefined);
    const shell = CHROMIUM_BUILDS['headless-shell'];
    CHROMIUM_BUILDS['headless-shell'] = '/nonexistent/chromium-headless-shell';
    try {
      expect(testChromiumBuild()).toBe('full');
    } finally {
      CHROMIUM_BUILDS['headless-shell'] = shell;
    }
  });

  it('starts the benchmarks in the full browser, whatever the tests run in', () => {
    vi.stubEnv('E2E_CHROMIUM', 'headless-shell');
    vi.stubEnv('CHROMIUM_PATH', undefined);
    expect(chromiumLaunchOptions().executablePath).toBe(CHROMIUM_BUILDS.full);
  });

  it('refuses a build it does not know, naming the ones it does', () => {
    vi.stubEnv('E2E_CHROMIUM', 'chrome');
    expect(() => testChromiumBuild()).toThrow('E2E_CHROMIUM=chrome: expected one of full, headless-shell');
  });

  it('gives both builds the same switches', () => {
    expect(chromiumLaunchOptions({ build: 'headless-shell' }).args).toEqual(chromiumLaunchOptions({ build: 'full' }).args);
  });
});
