import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isIslandName } from '../core/wire/islands';
import chunks from '../core/chunks/chunks.json';
import { widgets } from '../react-app/widgets';
import { widgetHandlerChunks } from './widget-build.mjs';
import { moduleClosure, rulesOf, sections, vocabulary } from './css-subset.mjs';

// The site stylesheet cut into rules for the CSS each page inlines (server/render/page-css.ts): what makes a rule
// apply, the markers that tie a section to a widget, island or chunk, and the class names code can add.

describe('sections of a source stylesheet', () => {
  it('cuts at @css-with markers and back at @css-end', () => {
    const parts = sections('x.css', '.a{color:red}\n/* @css-with widget:slides chunk:carousel */\n.b{color:blue}\n/* @css-end */\n.c{}');
    expect(parts.map((p) => p.keys)).toEqual([null, ['widget:slides', 'chunk:carousel'], null]);
  });

  it('refuses a marker inside a block, where cutting would break the rule', () => {
    expect(() => sections('x.css', '@media (max-width: 1px) {\n/* @css-with widget:slides */\n.b{color:blue}\n}')).toThrow(
      /x\.css: a @css-with marker must sit between rules/,
    );
  });

  it('refuses a marker without a known kind of key', () => {
    expect(() => sections('x.css', '/* @css-with slides */ .b{}')).toThrow(/x\.css: @css-with needs keys/);
    expect(() => sections('x.css', '/* @css-with */ .b{}')).toThrow(/x\.css: @css-with needs keys/);
  });

  it('every marker in react-app/styles names a widget type, an island or a chunk that exists', () => {
    const dir = join(import.meta.dirname, '../react-app/styles');
    const keys = readdirSync(dir)
      .filter((f) => f.endsWith('.css'))
      .flatMap((f) => sections(f, readFileSync(join(dir, f), 'utf8')).flatMap((s) => s.keys ?? []));
    for (const key of keys) {
      const [kind, name] = key.split(':');
      const known =
        kind === 'widget' ? name in widgets : kind === 'island' ? isIslandName(name) : name in chunks || name in widgetHandlerChunks();
      expect(known, key).toBe(true);
    }
  });
});

describe('rules of a stylesheet', () => {
  it('a rule applies by any class of any of its selectors; one selector without a class makes it apply always', () => {
    const rules = rulesOf('.a .b,.c:not(.d){color:red}p,.e{margin:0}body{margin:0}', null);
    expect(rules).toEqual([
      { css: '.a .b,.c:not(.d){color:red}', any: ['a', 'b', 'c', 'd'] },
      { css: 'p,.e{margin:0}' },
      { css: 'body{margin:0}' },
    ]);
  });

  it('keeps @media with its rules one by one, and other at-rules whole', () => {
    const rules = rulesOf('@media (max-width:600px){.a{color:red}p{margin:0}}@keyframes k{0%{opacity:0}}', null);
    expect(rules[0]).toEqual({ at: '@media (max-width:600px)', rules: [{ css: '.a{color:red}', any: ['a'] }, { css: 'p{margin:0}' }] });
    expect(rules[1]).toEqual({ css: '@keyframes k{0%{opacity:0}}' });
  });

  it('a marked section applies by its keys only', () => {
    expect(rulesOf('.a{color:red}', ['widget:slides'])).toEqual([{ css: '.a{color:red}', with: ['widget:slides'] }]);
  });
});

describe('class names code can add', () => {
  const dir = mkdtempSync(join(tmpdir(), 'css-subset-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads string literals of a module and of what it imports, not its identifiers', () => {
    writeFileSync(
      join(dir, 'a.ts'),
      "import { b } from './b';\nconst isOpen = 'is-open';\nel.classList.add(`panel ${b}`);\nconst box = `box--${kind}`;\n",
    );
    writeFileSync(join(dir, 'b.ts'), 'export const b = "panel--wide";\nconst hidden = 1;\n');
    const files = moduleClosure(join(dir, 'a.ts'));
    expect(files.map((f) => f.slice(dir.length + 1)).sort()).toEqual(['a.ts', 'b.ts']);
    const classes = new Set(['is-open', 'panel', 'panel--wide', 'hidden', 'isOpen', 'box--name', 'box--price', 'boxed']);
    // A class pieced together in a template literal brings every class of that beginning.
    expect(vocabulary(files, classes)).toEqual(['box--name', 'box--price', 'is-open', 'panel', 'panel--wide']);
  });
});
