import { describe, expect, it } from 'vitest';
import { importStateFor, KIT_FORMAT, readKitText, validateKit } from './kit-manifest';

const good = () => ({
  manifest: {
    kit_format: KIT_FORMAT,
    name: 'Spring',
    version: '1',
    created: '2026-11-01T00:00:00Z',
    templates: { '131': { title: 'Hero', doc_type: 'section' }, '132': { title: 'Promo', doc_type: 'popup', folder: 'Promos' } },
  },
  templates: { '131': { content: [] }, '132': { content: [] } },
});

describe('kit manifest validation', () => {
  it('accepts a kit whose manifest lists templates with doc_type', () => {
    const r = validateKit(good());
    expect(r.ok).toBe(true);
    const state = importStateFor(r);
    expect(state.enabled).toBe(true);
    expect(Object.values(state.uploadedData!.manifest.templates).map((t) => t.doc_type)).toEqual(['section', 'popup']);
  });

  const cases: Array<[string, (k: ReturnType<typeof good>) => unknown, RegExp]> = [
    ['no manifest', (k) => ({ templates: k.templates }), /not a kit: it has no manifest/],
    ['foreign format', (k) => ({ ...k, manifest: { ...k.manifest, kit_format: 'elementor' } }), /not a Harvest Lane kit/],
    [
      'unknown doc_type',
      (k) => ({ ...k, manifest: { ...k.manifest, templates: { '131': { title: 'Hero', doc_type: 'slider' } } } }),
      /doc_type must be one of/,
    ],
    ['missing doc_type', (k) => ({ ...k, manifest: { ...k.manifest, templates: { '131': { title: 'Hero' } } } }), /doc_type/],
    ['no templates', (k) => ({ ...k, manifest: { ...k.manifest, templates: {} } }), /lists no templates/],
    ['listed but missing', (k) => ({ ...k, templates: { '131': { content: [] } } }), /template 132 is listed but missing/],
    ['templates not an object', (k) => ({ ...k, manifest: { ...k.manifest, templates: [] } }), /manifest is invalid/],
    [
      'control characters in a title',
      (k) => ({
        ...k,
        manifest: { ...k.manifest, templates: { ...k.manifest.templates, '131': { title: 'He\u0000ro', doc_type: 'section' } } },
      }),
      /control characters/,
    ],
    ['array', () => [], /no manifest/],
    ['null', () => null, /no manifest/],
  ];
  it.each(cases)('refuses %s', (_name, mutate, message) => {
    const r = validateKit(mutate(good()));
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(message);
    expect(importStateFor(r)).toMatchObject({ enabled: false, uploadedData: null });
  });

  it('refuses files that are not JSON or too large', () => {
    expect(readKitText('\x89PNG\r\n')).toEqual({ ok: false, error: 'This file is not a kit: it is not a JSON kit file.' });
    expect(readKitText('x'.repeat(1024 * 1024))).toMatchObject({ ok: false, error: expect.stringMatching(/larger than/) });
    expect(readKitText(JSON.stringify(good())).ok).toBe(true);
  });
});
