import { describe, expect, it } from 'vitest';
import { Client, useTestServer } from '../testing/harness';
import { prioritizeLcpImage } from './lcp-image';

// The page's likely largest paint is fetched first and never lazily (docs/performance.md, "Lighthouse").

const server = useTestServer();

describe('the largest image of a page', () => {
  it('is the first large image in main: fetchpriority high, not lazy; the header logo and small icons are skipped', () => {
    const html =
      '<header><img src="/logo.svg" width="400" height="200"></header><main id="content">' +
      '<img src="/icon.svg" width="24" height="24"><img src="/hero.jpg" width="1200" height="500" loading="lazy" alt="">' +
      '<img src="/second.jpg" width="1200" height="500" loading="lazy"></main>';
    expect(prioritizeLcpImage(html)).toBe(
      '<header><img src="/logo.svg" width="400" height="200"></header><main id="content">' +
        '<img src="/icon.svg" width="24" height="24"><img fetchpriority="high" src="/hero.jpg" width="1200" height="500" alt="">' +
        '<img src="/second.jpg" width="1200" height="500" loading="lazy"></main>',
    );
  });

  it("leaves an author's priority, images without sizes, markup after main and pages without main as they are", () => {
    const authored =
      '<main><img src="/a.jpg" width="1200" height="500" fetchpriority="low"><img src="/b.jpg" width="900" height="900"></main>';
    expect(prioritizeLcpImage(authored)).toBe(authored);
    const unsized = '<main><img src="/a.jpg" alt=""></main><div class="e-popup"><img src="/p.jpg" width="1200" height="500"></div>';
    expect(prioritizeLcpImage(unsized)).toBe(unsized);
    const bare = '<div><img src="/a.jpg" width="1200" height="500"></div>';
    expect(prioritizeLcpImage(bare)).toBe(bare);
  });

  it("on the home page, the slider's first banner (the LCP element) is fetched at high priority, once", async () => {
    const { html } = await new Client(server.url).page('/');
    const marked = [...html.matchAll(/<img [^>]*fetchpriority="high"[^>]*>/g)].map((m) => m[0]);
    expect(marked).toHaveLength(1);
    expect(marked[0]).toContain('src="/media/banners/');
    expect(marked[0]).not.toContain('loading="lazy"');
    // It is the first slide of the home slider.
    const slider = html.indexOf('freshop-content--slider');
    expect(slider).toBeGreaterThan(0);
    expect(html.indexOf('<img', slider)).toBe(html.indexOf(marked[0]));
  });
});
