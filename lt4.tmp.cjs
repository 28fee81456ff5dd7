const { chromium, devices } = require('@playwright/test');
const { SourceMap } = require('node:module'); const fs = require('fs');
(async () => {
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu'] });
const path = process.argv[2];
const agg = {};
for (let run = 0; run < 3; run++) {
const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true, userAgent: devices['iPhone 13'].userAgent });
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 250 }); await cdp.send('Profiler.start');
await page.goto('http://127.0.0.1:8700' + path, { waitUntil: 'load' });
await page.waitForLoadState('networkidle');
await page.waitForFunction(() => document.documentElement.dataset.runtime === 'ready');
await page.waitForTimeout(300);
const { profile } = await cdp.send('Profiler.stop');
await ctx.close();
const nodes = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const maps = {};
const name = (cf) => { const file = cf.url.split('/').pop(); if (!file.endsWith('.js')) return `${cf.functionName} ${file}`; const dir = cf.url.includes('/runtime/') ? 'dist/runtime/' : 'dist/app/assets/'; try { maps[file] ??= new SourceMap(JSON.parse(fs.readFileSync(dir + file + '.map'))); const e = maps[file].findEntry(cf.lineNumber, cf.columnNumber); return `${e.name ?? cf.functionName} ${e.originalSource?.split('/').slice(-2).join('/')}:${e.originalLine+1}`; } catch { return `${cf.functionName} ${file}`; } };
for (let i = 0; i < profile.samples.length; i++) {
  const d = (profile.timeDeltas[i+1] ?? 0)/1000/3; const seen = new Set();
  for (let id = profile.samples[i]; id; id = parent.get(id)) { const cf = nodes.get(id).callFrame; if (!cf.url) continue; const k = name(cf); if (!seen.has(k)) { seen.add(k); agg[k] = (agg[k] ?? 0) + d; } }
}
}
await browser.close();
console.log(Object.entries(agg).sort((a,b)=>b[1]-a[1]).slice(0,45).map(([k,v])=>`${v.toFixed(0)} ${k}`).join('\n'));
})();
