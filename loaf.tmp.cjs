const { chromium, devices } = require('@playwright/test');
(async () => {
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const [path, store] = process.argv.slice(2);
for (let run = 0; run < 3; run++) {
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: devices['iPhone 13'].userAgent });
if (store) { const html = await (await ctx.request.get('http://127.0.0.1:8700/contact')).text(); const nonce = /"nonce":"([^"]+)"/.exec(html)[1]; await ctx.request.put('http://127.0.0.1:8700/api/shop/v1/current-store', { headers: { 'x-wp-nonce': nonce }, data: { store_id: Number(store) } }); }
await ctx.addInitScript(() => { window.__loaf = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push({ start: e.startTime, dur: e.duration, block: e.blockingDuration, scripts: e.scripts.map(s => ({ src: (s.sourceURL||'').split('/').pop(), fn: s.sourceFunctionName, inv: s.invoker, type: s.invokerType, dur: Math.round(s.duration), layout: Math.round(s.forcedStyleAndLayoutDuration) })) }); }).observe({ type: 'long-animation-frame', buffered: true }); });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await page.goto('http://127.0.0.1:8700' + path, { waitUntil: 'load' });
await page.waitForLoadState('networkidle');
await page.waitForFunction(() => document.documentElement.dataset.runtime === 'ready');
await page.waitForTimeout(300);
const r = await page.evaluate(() => ({ fcp: performance.getEntriesByName('first-contentful-paint')[0]?.startTime, loaf: window.__loaf }));
console.log(`run ${run} fcp ${Math.round(r.fcp)}`);
for (const f of r.loaf) if (f.block > 0) console.log(`  @${Math.round(f.start)} dur ${Math.round(f.dur)} block ${Math.round(f.block)} ${f.scripts.filter(s => s.dur > 5).map(s => `[${s.type} ${s.src} ${s.fn||''} ${s.inv.slice(0,40)} ${s.dur}ms layout ${s.layout}]`).join(' ')}`);
await ctx.close();
}
await browser.close();
})();
