// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import type { PopupExplanation } from './explanation';
import { mountExplainerPanel } from './explainer-panel';
import { PopupManager } from './manager';

const report = (over: Partial<PopupExplanation> = {}): PopupExplanation => ({
  id: '51',
  title: 'Newsletter',
  status: 'waiting',
  reason: 'waiting for page_load',
  rules: [],
  triggers: ['page_load'],
  fired: null,
  impressions: 0,
  ...over,
});

describe('explainer panel', () => {
  afterEach(() => (document.body.innerHTML = ''));

  it('lists each popup with its rules (pass/fail and compared value) and the trigger that fired, live', () => {
    const manager = new PopupManager();
    let current = report({ rules: [{ name: 'page_views', pass: true, value: '3 page views', expected: 'at least 2' }] });
    manager.add({ id: '51', explain: () => current, open() {}, close() {} });
    manager.add({
      id: '56',
      explain: () =>
        report({
          id: '56',
          title: 'Members',
          status: 'blocked',
          reason: 'timing rules failed: logged_in',
          rules: [{ name: 'logged_in', pass: false, value: 'logged in with roles editor', expected: 'hidden from all logged-in users' }],
        }),
      open() {},
      close() {},
    });
    const release = mountExplainerPanel(manager);
    const panel = document.querySelector('aside[aria-label="Popup explainer"]')!;
    expect(panel.textContent).toContain('#51 Newsletter');
    expect(panel.querySelector('.is-pass')?.textContent).toBe('pass page_views: 3 page views (expected at least 2)');
    expect(panel.querySelector('.is-fail')?.textContent).toBe(
      'fail logged_in: logged in with roles editor (expected hidden from all logged-in users)',
    );
    expect(panel.textContent).toContain('fired: none yet');

    current = report({ status: 'shown', fired: { trigger: 'page_load', detail: 'page loaded 5 s ago' } });
    manager.changed();
    expect(panel.textContent).toContain('fired: page_load (page loaded 5 s ago)');

    const second = mountExplainerPanel(manager); // one panel per page
    expect(document.querySelectorAll('.e-popup-explainer')).toHaveLength(1);
    release();
    expect(document.querySelector('.e-popup-explainer')).not.toBeNull();
    second();
    expect(document.querySelector('.e-popup-explainer')).toBeNull();
  });
});
