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

// A limit, not a wait: the first lint loads ESLint's plugins (the React Compiler among them), which a starved
// worker beside the rest of the gate took over 30 s to do.
const LINT_LIMIT = 120_000;

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
    LINT_LIMIT,
  );

  it.each(['core/shop/probe.ts', 'server/services/probe.ts', 'admin/catalogue/probe.tsx', 'scripts/probe.mjs'])(
    'refuse a module over 400 lines in %s',
    async (filePath) => {
      // n lines as `wc -l` counts them (each ending in a newline).
      const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const v${i} = ${i};\n`).join('');
      expect(await rulesAt(lines(401), filePath)).toContain('max-lines');
      expect(await rulesAt(lines(400), filePath)).not.toContain('max-lines');
    },
    LINT_LIMIT,
  );

  // The parser keeps no node maps (eslint.config.js): the one rule that reads the parser's services and the
  // unused-variable rule still reject what they exist for, in TypeScript and in plain modules.
  it.each(['core/shop/probe.ts', 'server/services/probe.ts', 'scripts/probe.mjs'])(
    'refuse an unused variable, and a type imported as a value, in %s',
    async (filePath) => {
      const typed = filePath.endsWith('.ts');
      const text = `${typed ? "import { Foo } from './foo';\nexport type Bar = Foo;\n" : ''}export function f(a, b) {\n  return a;\n}\n`;
      const rules = await rulesAt(typed ? text.replace('(a, b)', '(a: number, b: number): number') : text, filePath);
      expect(rules).toContain('@typescript-eslint/no-unused-vars');
      if (typed) expect(rules).toContain('@typescript-eslint/consistent-type-imports');
    },
    LINT_LIMIT,
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
    LINT_LIMIT,
  );

  // An address built on a base path is an address spelled by hand, whatever the base is called.
  const BUILT: [string, string][] = [
    ['a template literal on a base constant', 'const CATALOGUE_API = x();\nexport const a = `${CATALOGUE_API}/stores/${1}`;\n'],
    ['a template literal on a local alias', 'const API = x();\nexport const a = `${API}/stores`;\n'],
    ['a template literal on a module member', 'export const a = `${catalogue.CATALOGUE_API}/stores`;\n'],
    ['a concatenation', "const IMPORTS_API = x();\nexport const a = IMPORTS_API + '/1';\n"],
    ['an imported base path', "import { CATALOGUE_API } from '../../core/api/catalogue';\nexport const a = CATALOGUE_API;\n"],
  ];
  it.each(['core/shop/probe.ts', 'react-app/islands/probe.tsx', 'admin/catalogue/probe.tsx'])(
    'refuse an API address built on a base path in %s',
    async (filePath) => {
      for (const [what, text] of BUILT) {
        expect(
          await rulesAt(`declare const x: () => string;\ndeclare const catalogue: { CATALOGUE_API: string };\n${text}`, filePath),
          what,
        ).toContain('no-restricted-syntax');
      }
      // The endpoint modules build their paths on their base; a page address on another constant is not a call.
      expect(await rulesAt('const B = x();\nexport const a = `${B}/stores`;\ndeclare const x: () => string;\n', filePath)).not.toContain(
        'no-restricted-syntax',
      );
      expect(
        await rulesAt(
          'const CATALOGUE_API = x();\nexport const a = `${CATALOGUE_API}/stores`;\ndeclare const x: () => string;\n',
          'core/api/probe.ts',
        ),
      ).not.toContain('no-restricted-syntax');
    },
    LINT_LIMIT,
  );
});
