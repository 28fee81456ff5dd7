import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCitations, citationsIn } from './check-citations.mjs';

// The project's own lint checks must reject what they exist to reject. The import rules have their probes in
// import-rules.test.ts; this file probes the citation check (scripts/check-citations.mjs) and the ESLint rules the
// project adds (eslint.config.js).

// Spelled in pieces, so this file passes the check it probes.
const S = 'SPEC';
const CITATIONS = [`${S} §9`, `${S} §3 Carousel settings`, `${S}.md`, `${'DESIGN'}.md`, `../${'shared'}/${S}.md`];
const WRAPPERS: [string, (c: string) => string][] = [
  ['a line comment', (c) => `// as ${c} says\nexport const a = 1;\n`],
  ['a block comment', (c) => `/** Radius (${c}). */\nexport const a = 1;\n`],
  ['a string', (c) => `export const a = 'see ${c}';\n`],
  ['a template literal', (c) => 'export const a = `see ' + c + '`;\n'],
  ['a CSS comment', (c) => `/* the radius of ${c} */\n.a { color: red; }\n`],
  ['a Markdown link', (c) => `Read [the spec](${c}).\n`],
];

describe('the citation check', () => {
  it.each(CITATIONS.flatMap((c) => WRAPPERS.map(([where, wrap]) => [c, where, wrap] as const)))(
    'rejects %s in %s',
    (citation, _where, wrap) => {
      expect(citationsIn(wrap(citation))).toHaveLength(1);
    },
  );

  it('accepts pointers into docs/ and the words on their own', () => {
    const text = '// see docs/behaviour.md, "Constants"\n// the spec says so; a DESIGN choice\nconst SPECS = 1;\n';
    expect(citationsIn(text)).toEqual([]);
  });

  const root = mkdtempSync(join(tmpdir(), 'citations-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('finds citing files in every source folder and format, and skips installed packages and builds', () => {
    const write = (path: string, text: string): void => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), text);
    };
    write('core/shop/a.ts', `// ${S} §9\n`);
    write('react-app/styles/b.css', `/* ${S} §9 */\n`);
    write('docs/c.md', `See ../${'shared'}/x.\n`);
    write('scripts/d.mjs', `const x = '${S}.md';\n`);
    write('server/e.tsx', 'export const ok = 1;\n');
    write(`node_modules/pkg/f.js`, `// ${S} §1\n`);
    write(`dist/g.js`, `// ${S} §1\n`);
    expect(checkCitations(root).map((f) => f.path)).toEqual(['core/shop/a.ts', 'docs/c.md', 'react-app/styles/b.css', 'scripts/d.mjs']);
  });
});

describe('the ESLint rules the project adds', () => {
  const eslint = new ESLint({ cwd: join(import.meta.dirname, '..') });
  /** A component of `lines` lines in all. */
  const component = (lines: number): string =>
    `export function Probe() {\n${Array.from({ length: lines - 3 }, (_, i) => `  const v${i} = ${i};`).join('\n')}\n  return v0;\n}\n`;
  const rulesAt = async (text: string, filePath: string): Promise<string[]> => {
    const [result] = await eslint.lintText(text, { filePath });
    return result.messages.map((m) => m.ruleId ?? m.message);
  };

  it.each(['react-app/islands/probe.tsx', 'admin/content/probe.tsx', 'server/render/probe.tsx'])(
    'refuse a component over 150 lines in %s',
    async (filePath) => {
      expect(await rulesAt(component(151), filePath)).toContain('max-lines-per-function');
      expect(await rulesAt(component(150), filePath)).not.toContain('max-lines-per-function');
    },
    30_000,
  );

  // Spelled in pieces, so this file is not what it probes.
  const API = ['/' + 'api/shop/v1/cart', '/' + 'wp-json/site/v1/documents'];
  it.each(['core/shop/probe.ts', 'react-app/islands/probe.tsx', 'admin/content/probe.tsx'])(
    'refuse an API address spelled out in %s, as a string or a template literal',
    async (filePath) => {
      for (const address of API) {
        expect(await rulesAt(`export const a = '${address}';\n`, filePath)).toContain('no-restricted-syntax');
        expect(await rulesAt(`const id = 1;\nexport const a = \`${address}/\${id}\`;\n`, filePath)).toContain('no-restricted-syntax');
      }
      // The endpoint modules hold the addresses; a page address or a mention inside a sentence is not a call.
      expect(await rulesAt(`export const a = '${API[0]}';\n`, 'core/api/probe.ts')).not.toContain('no-restricted-syntax');
      expect(await rulesAt("export const a = '/shop/cart';\nexport const b = 'see /api/ docs';\n", filePath)).not.toContain(
        'no-restricted-syntax',
      );
    },
    30_000,
  );
});
