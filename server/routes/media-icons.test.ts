import { describe, expect, it } from 'vitest';
import { WIDGET_ICONS } from '../../core/catalogue/widget-icons';
import { Client, useTestServer } from '../testing/harness';

// The Icon widgets' pictures (/media/icons/<name>.svg): every icon the panel offers is drawn from the installed
// icon set; any other name is a 404, never a file read or an error.

const server = useTestServer();

describe('widget icons', () => {
  it('draws every icon the panel offers', async () => {
    const c = new Client(server.url);
    for (const name of Object.keys(WIDGET_ICONS)) {
      const res = await c.raw(`/media/icons/${name}.svg`);
      expect(res.status, name).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
      expect(await res.text()).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 \d+ \d+"/);
    }
  });

  it.each(['nope.svg', 'basket.png', 'BASKET.svg', '..%2F..%2Fpackage.json', 'red-apple-but-not-offered.svg', 'hamburger.svg'])(
    'answers %s with 404',
    async (file) => {
      expect((await new Client(server.url).raw(`/media/icons/${file}`)).status).toBe(404);
    },
  );
});
