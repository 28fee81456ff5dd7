import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Every "forbidden" rule of .dependency-cruiser.cjs must fire: a probe import that breaks it is written into a
// throwaway copy of the layout (a temporary folder, never the tree) and cruised with the project's own config.
// The rules are read from the config, so a rule added without a probe fails here, and a rule that stops firing
// (as every npm rule did while `options.exclude` dropped node_modules) fails too. Allowed imports are checked as
// well, so a rule cannot pass by forbidding everything.

interface Rule {
  name: string;
}
const ROOT = resolve(import.meta.dirname, '..');
const config = createRequire(import.meta.url)(join(ROOT, '.dependency-cruiser.cjs')) as {
  forbidden: Rule[];
  options: Record<string, unknown>;
};

/** An import from a new file in folder `from` of `to`: a repository path (a stub is written there) or a package. */
interface Probe {
  from: string;
  to: string;
  /** The target imports the probe back (an import cycle). */
  cycle?: boolean;
  /** The probe is a test file (`probe-N.test.ts`). */
  test?: boolean;
}

const PROBES: Record<string, Probe[]> = {
  'no-circular': [{ from: 'core/shop/', to: 'core/shop/probe-cycle.ts', cycle: true }],
  'declared-packages-only': [
    { from: 'server/', to: 'avvio' },
    { from: 'react-app/islands/', to: 'scheduler' },
    { from: 'scripts/', to: 'avvio' },
  ],
  'server-runs-on-dependencies': [
    { from: 'server/services/', to: 'jsdom' },
    { from: 'server/', to: 'autocannon' },
  ],
  'core-is-framework-free': [
    { from: 'core/', to: 'react' },
    { from: 'core/shop/', to: 'react-dom' },
    { from: 'core/', to: 'react-app/widgets/probe.tsx' },
    { from: 'core/', to: 'admin/probe.ts' },
    { from: 'core/', to: 'server/services/probe.ts' },
    { from: 'core/', to: 'fixtures/probe.ts' },
  ],
  'core-tests-stay-in-core': [
    { from: 'core/handlers/', to: 'react-app/widgets/probe.ts', test: true },
    { from: 'core/shop/', to: 'react', test: true },
    { from: 'core/', to: 'server/services/probe.ts', test: true },
    { from: 'core/', to: 'admin/probe.ts', test: true },
  ],
  'core-not-node': [
    { from: 'core/', to: 'node:fs' },
    { from: 'core/wire/', to: 'path' },
  ],
  'core-runtime-libraries': [
    { from: 'core/', to: 'zod' },
    { from: 'core/', to: 'minisearch' },
    { from: 'core/header/', to: '@dnd-kit/core' },
  ],
  'react-app-boundary': [
    { from: 'react-app/widgets/', to: 'server/render/probe.ts' },
    { from: 'react-app/islands/', to: 'admin/probe.ts' },
    { from: 'react-app/', to: 'fixtures/probe.ts' },
  ],
  'widget-runtime-is-framework-free': [
    { from: 'react-app/widgets/alert/', to: 'react' },
    { from: 'react-app/widgets/alert/', to: 'react-app/widgets/alert/probe-widget.tsx' },
    { from: 'react-app/widgets/counter/', to: 'react-app/editor/probe.ts' },
    { from: 'react-app/widgets/counter/', to: 'react-app/widgets/types-probe.ts' },
    { from: 'react-app/widgets/counter/', to: 'react-app/widgets/controls/probe.ts' },
  ],
  'widget-runtime-libraries': [
    { from: 'react-app/widgets/alert/', to: 'zod' },
    { from: 'react-app/widgets/video/', to: '@dnd-kit/core' },
  ],
  'admin-boundary': [
    { from: 'admin/', to: 'server/services/probe.ts' },
    { from: 'admin/content/', to: 'fixtures/probe.ts' },
  ],
  'answer-schemas-types-only': [
    { from: 'react-app/shop/', to: 'core/api/schemas/probe.ts' },
    { from: 'core/shop/', to: 'core/api/schemas/probe.ts' },
  ],
  'admin-not-editor': [{ from: 'admin/', to: 'react-app/editor/api.ts' }],
  'server-not-admin': [{ from: 'server/routes/', to: 'admin/probe.ts' }],
  'server-not-scripts': [{ from: 'server/', to: 'scripts/probe.ts' }],
  'server-islands-only-to-render': [{ from: 'server/routes/', to: 'react-app/islands/probe.tsx' }],
  'server-not-editor': [{ from: 'server/render/', to: 'react-app/editor/probe.tsx' }],
  'server-db-is-the-bottom': [
    { from: 'server/db/', to: 'server/services/probe.ts' },
    { from: 'server/db/', to: 'server/routes/probe.ts' },
    { from: 'server/db/', to: 'server/auth/probe.ts' },
    { from: 'server/db/', to: 'server/validation.ts' },
  ],
  'server-services-below-routes': [
    { from: 'server/services/', to: 'server/routes/content/probe.ts' },
    { from: 'server/services/content/', to: 'server/render/probe.ts' },
    { from: 'server/services/', to: 'server/auth/probe.ts' },
    { from: 'server/services/', to: 'server/plugins/probe.ts' },
    { from: 'server/services/', to: 'server/app.ts' },
  ],
  'server-render-not-routes': [
    { from: 'server/render/', to: 'server/routes/content/probe.ts' },
    { from: 'server/render/', to: 'server/plugins/probe.ts' },
  ],
  'server-auth-apart': [
    { from: 'server/auth/', to: 'server/routes/probe.ts' },
    { from: 'server/auth/', to: 'server/render/probe.ts' },
  ],
  'server-test-helpers-in-testing': [{ from: 'server/', to: 'server/testing/probe.ts' }],
  'fixtures-only-when-seeding': [
    { from: 'server/services/', to: 'fixtures/probe.ts' },
    { from: 'react-app/', to: 'fixtures/probe.ts' },
  ],
  'fixtures-import-wire-types': [
    { from: 'fixtures/', to: 'core/shop/probe.ts' },
    { from: 'fixtures/', to: 'server/probe.ts' },
  ],
};

/** Imports the layers allow: none of these may be reported. */
const ALLOWED: Probe[] = [
  { from: 'core/', to: 'swiper' },
  { from: 'core/wire/', to: 'zod' },
  { from: 'core/catalogue/', to: 'fixtures/probe.ts', test: true },
  { from: 'core/api/schemas/', to: 'zod' },
  { from: 'server/routes/', to: 'core/api/schemas/probe.ts' },
  { from: 'react-app/widgets/', to: 'react' },
  { from: 'react-app/widgets/alert/', to: 'swiper' },
  { from: 'react-app/widgets/alert/', to: 'core/handlers/probe.ts' },
  { from: 'react-app/widgets/countdown/', to: 'react-app/widgets/counter/probe-math.ts' },
  { from: 'admin/', to: 'core/http.ts' },
  { from: 'admin/', to: 'react-app/editor/RichText.tsx' },
  { from: 'server/routes/', to: 'server/services/probe.ts' },
  { from: 'server/routes/', to: 'server/render/probe.ts' },
  { from: 'server/render/', to: 'server/services/probe.ts' },
  { from: 'server/render/', to: 'react-app/islands/probe.tsx' },
  { from: 'server/auth/', to: 'server/services/probe.ts' },
  { from: 'server/services/', to: 'server/db/probe.ts' },
  { from: 'server/services/', to: 'server/validation.ts' },
  { from: 'server/db/', to: 'core/wire/probe.ts' },
  { from: 'server/', to: 'fastify' },
  { from: 'server/plugins/', to: 'fastify-plugin' },
  { from: 'server/routes/', to: 'fast-check', test: true },
  { from: 'scripts/', to: 'autocannon' },
  { from: 'fixtures/', to: 'core/wire/probe.ts' },
];

const isFile = (to: string): boolean => /\.tsx?$/.test(to);
const specifier = (fromFile: string, to: string): string => {
  if (!isFile(to)) return to;
  const path = relative(dirname(fromFile), to).replace(/\.tsx?$/, '');
  return path.startsWith('.') ? path : `./${path}`;
};

let dir = '';
interface Written {
  probe: Probe;
  file: string;
  rule?: string;
}
const written: Written[] = [];
let violations: { rule: string; from: string; to: string }[] = [];

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'import-rules-'));
  // The project's packages, manifest and TypeScript settings; the config is loaded as it is, with one addition:
  // node_modules is a link here, and resolving through it must give the paths it has in the tree.
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  copyFileSync(join(ROOT, 'package.json'), join(dir, 'package.json'));
  copyFileSync(join(ROOT, 'tsconfig.base.json'), join(dir, 'tsconfig.base.json'));
  writeFileSync(
    join(dir, 'probe.config.cjs'),
    `const c = require(${JSON.stringify(join(ROOT, '.dependency-cruiser.cjs'))});\n` +
      'module.exports = { ...c, options: { ...c.options, preserveSymlinks: true } };\n',
  );
  const write = (path: string, text: string): void => {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  const entries: [Probe, string | undefined][] = [
    ...Object.entries(PROBES).flatMap(([rule, probes]) => probes.map((p): [Probe, string] => [p, rule])),
    ...ALLOWED.map((p): [Probe, undefined] => [p, undefined]),
  ];
  entries.forEach(([probe, rule], i) => {
    const file = `${probe.from}probe-${i}${probe.test ? '.test' : ''}.ts`;
    if (isFile(probe.to))
      write(probe.to, probe.cycle ? `import '${specifier(probe.to, file)}';\nexport const back = 1;\n` : 'export {};\n');
    write(file, `import * as target from '${specifier(file, probe.to)}';\nexport const probe = target;\n`);
    written.push({ probe, file, rule });
  });
  const result = spawnSync(
    join(ROOT, 'node_modules/.bin/depcruise'),
    [...written.map((w) => w.file), '--config', 'probe.config.cjs', '--output-type', 'json'],
    { cwd: dir, encoding: 'utf8' },
  );
  if (!result.stdout) throw new Error(`dependency-cruiser did not run: ${result.stderr}`);
  const report = JSON.parse(result.stdout) as {
    summary: { violations: { rule: { name: string }; from: string; to: string; cycle?: unknown[] }[] };
  };
  violations = report.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from, to: v.to }));
}, 60_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('the import rules (.dependency-cruiser.cjs)', () => {
  it('have a probe for every forbidden rule, and no probe for a rule that does not exist', () => {
    const names = config.forbidden.map((r) => r.name);
    expect(names.filter((name) => !PROBES[name]?.length)).toEqual([]);
    expect(Object.keys(PROBES).filter((name) => !names.includes(name))).toEqual([]);
  });

  it.each(Object.entries(PROBES).flatMap(([rule, probes]) => probes.map((p) => [rule, p.from, p.to] as const)))(
    '%s rejects an import from %s of %s',
    (rule, from, to) => {
      const probe = written.find((w) => w.rule === rule && w.probe.from === from && w.probe.to === to);
      expect(probe).toBeDefined();
      const hits = violations.filter((v) => v.rule === rule && (v.from === probe?.file || v.to === probe?.file));
      expect(hits, `${rule} let ${probe?.file} import ${to}`).not.toEqual([]);
    },
  );

  it('allow the imports the layers allow', () => {
    const files = written.filter((w) => w.rule === undefined).map((w) => w.file);
    expect(violations.filter((v) => files.includes(v.from))).toEqual([]);
  });
});
