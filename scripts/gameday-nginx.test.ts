import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { nginxSite } from './gameday-nginx';

// The nginx configuration an operator copies from docs/operations.md is the one the game day's rolling restart ran
// with (0 failed requests): every directive of the script's, in the same order, is in the documented block.

const directives = (text: string) =>
  text
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '' && line !== '}');

describe('the documented nginx configuration', () => {
  const doc = readFileSync('docs/operations.md', 'utf8');
  const block = /## Rolling restarts behind nginx[\s\S]*?```nginx\n([\s\S]*?)```/.exec(doc)?.[1] ?? '';

  it('holds every directive the game day ran, in order', () => {
    const documented = directives(block);
    let at = 0;
    for (const line of directives(nginxSite(['10.0.0.11:8080', '10.0.0.12:8080'], '443 ssl'))) {
      const found = documented.indexOf(line, at);
      expect(found, `docs/operations.md lacks (or misorders) "${line}"`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
  });

  it('is caught when a directive is missing (the probe)', () => {
    const without = directives(block.replace(/ http_502/, ''));
    const wanted = 'proxy_next_upstream error timeout http_502;';
    expect(without).not.toContain(wanted);
    expect(directives(block)).toContain(wanted);
  });
});
