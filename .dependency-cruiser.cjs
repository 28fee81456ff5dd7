// The import table of DESIGN.md, enforced (`npm run lint`). Tests and scripts may reach across layers to set
// up what they test; production code may not.
const TESTS = '(^|/)[^/]+\\.test\\.tsx?$|^server/testing/|^core/.+/testing/|^e2e/|^scripts/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles make module order matter; pass dependencies in instead.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'core-is-framework-free',
      severity: 'error',
      comment: 'core/ is the runtime shipped to every page: only core/ and browser libraries.',
      from: { path: '^core/', pathNot: TESTS },
      to: { path: '^(react-app|admin|server|fixtures|scripts|e2e)/|(^|/)node_modules/(react|react-dom|@types/node)/|^node:' },
    },
    {
      name: 'core-runtime-libraries',
      severity: 'error',
      comment: 'The runtime may use swiper, photoswipe, mitt, js-cookie, web-vitals and dompurify; zod only in wire formats.',
      from: { path: '^core/', pathNot: `${TESTS}|^core/wire/` },
      to: { dependencyTypes: ['npm', 'npm-dev'], pathNot: '(^|/)node_modules/(swiper|photoswipe|mitt|js-cookie|web-vitals|dompurify)/' },
    },
    {
      name: 'react-app-boundary',
      severity: 'error',
      comment: 'Widgets, islands and the editor import core/ and React, never the server, admin or seed data.',
      from: { path: '^react-app/', pathNot: TESTS },
      to: { path: '^(admin|server|fixtures|scripts|e2e)/' },
    },
    {
      name: 'admin-boundary',
      severity: 'error',
      comment: 'Admin screens import core/ and react-app/ components, never the server or seed data.',
      from: { path: '^admin/', pathNot: TESTS },
      to: { path: '^(server|fixtures|scripts|e2e)/' },
    },
    {
      name: 'server-not-admin',
      severity: 'error',
      comment: 'The server never imports admin screens (shared formats live in core/wire).',
      from: { path: '^server/' },
      to: { path: '^(admin|e2e)/' },
    },
    {
      name: 'server-not-scripts',
      severity: 'error',
      comment: 'Production server code never imports the scripts; its test harness may (whether the build is current).',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^scripts/' },
    },
    {
      name: 'server-islands-only-to-render',
      severity: 'error',
      comment: 'Only SSR (server/render) renders islands; their props are wire types in core/wire, not React modules.',
      from: { path: '^server/', pathNot: `${TESTS}|^server/render/` },
      to: { path: '^react-app/islands/' },
    },
    {
      name: 'server-not-editor',
      severity: 'error',
      comment: 'The editor app is browser-only code (tests may compare with it).',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^react-app/editor/' },
    },
    {
      name: 'fixtures-only-when-seeding',
      severity: 'error',
      comment: 'Seed data is read by the seed and by tests, never at run time.',
      from: { path: '^(server|core|react-app|admin)/', pathNot: `${TESTS}|^server/seed\\.ts$|^server/seeders/` },
      to: { path: '^fixtures/' },
    },
    {
      name: 'fixtures-import-wire-types',
      severity: 'error',
      comment: 'Seed data depends on nothing but the wire formats of core/wire and the product kinds table.',
      from: { path: '^fixtures/' },
      to: { path: '^(server|react-app|admin|scripts|e2e)/|^core/(?!wire/|catalogue/product-kinds[.]ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|data|\\.tsbuild)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
