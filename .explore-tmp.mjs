import { chromium } from '@playwright/test';
const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
for (const vp of [{width:390,height:844},{width:1366,height:900}]) {
const page = await b.newPage({ viewport: vp });
await page.goto('http://127.0.0.1:8317/shop#!/?store_id=1001');
await page.waitForSelector('.product-card:not(.product-card--skeleton)');
await page.evaluate(() => { window.__s = []; new PerformanceObserver(l => { for (const e of l.getEntries()) window.__s.push({v: e.value.toFixed(3), src: e.sources.map(s => (s.node?.className ?? s.node?.nodeName) + ' ' + JSON.stringify([s.previousRect.y, s.previousRect.height, s.currentRect.y, s.currentRect.height]))}); }).observe({type: 'layout-shift'}); });
let release; const gate = new Promise(r => release = r);
await page.route(/products\?/, async (r) => { await gate; await r.continue(); });
await page.evaluate(() => location.hash = '#!/?store_id=1001&department=100');
await page.waitForSelector('.product-card--skeleton');
await page.waitForTimeout(300);
console.log('skeleton', JSON.stringify(await page.evaluate(() => window.__s)));
release();
await page.waitForSelector('.product-card:not(.product-card--skeleton)');
await page.waitForTimeout(500);
console.log('after', JSON.stringify(await page.evaluate(() => window.__s)));
await page.screenshot({path: `/tmp/h17a/dept-${vp.width}.png`});
}
await b.close();
