import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { VitalsLine } from './PageVitals';

const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/&#x27;/g, "'");

describe('the page-vitals line in the editor toolbar', () => {
  it('keeps devices apart instead of running them together ("goodmobile")', () => {
    const line = text(
      renderToStaticMarkup(
        <VitalsLine
          summary={{
            devices: [
              { device: 'desktop', views: 12, p75: { LCP: 1800 } },
              { device: 'mobile', views: 3, p75: { LCP: 2100, CLS: 0.02 } },
            ],
          }}
        />,
      ),
    );
    expect(line).not.toMatch(/[a-z]mobile/);
    expect(line).toMatch(/desktop \(12\): LCP [^;]+ good; mobile \(3\): LCP/);
  });
});
