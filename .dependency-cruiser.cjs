// The layers of docs/architecture.md, enforced (`npm run lint`). Tests and scripts may reach across layers to set
// up what they test; production code may not.
const TESTS = '(^|/)[^/]+\\.test\\.tsx?$|^server/testing/|^core/.+/testing/|^e2e/|^scripts/';
/** A widget folder's .ts files (react-app/widgets/<folder>/, not the shared controls/ and loop/): runtime code. */
const WIDGET_RUNTIME = '^react-app/widgets/(?!controls/|loop/)[^/]+/[^/]+\\.ts$';

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
      name: 'declared-packages-only',
      severity: 'error',
      comment:
        'Import only packages package.json names: one that arrives hoisted as a dependency of another package can change or vanish with it (fastify-plugin did, through @fastify/cookie).',
      from: {},
      to: { dependencyTypes: ['npm-no-pkg', 'npm-unknown'] },
    },
    {
      name: 'server-runs-on-dependencies',
      severity: 'error',
      comment:
        'What the server needs at run time is a dependency; devDependencies are the tools that build and test it: its production code imports packages of "dependencies" only.',
      from: { path: '^server/', pathNot: TESTS },
      // Types (schema-dts's) are gone once compiled.
      to: { dependencyTypes: ['npm-dev'], dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'core-is-framework-free',
      severity: 'error',
      comment: 'core/ is the runtime shipped to every page: only core/ and browser libraries.',
      from: { path: '^core/', pathNot: TESTS },
      to: { path: '^(react-app|admin|server|fixtures|scripts|e2e)/|(^|/)node_modules/(react|react-dom)/' },
    },
    {
      name: 'core-tests-stay-in-core',
      severity: 'error',
      comment:
        "core/'s tests test core: React, the widgets, admin and the server are tested from their own side (the widgets' handlers with core's runtime in react-app/widgets/widget-handlers.test.ts).",
      from: { path: '^core/.+\\.test\\.tsx?$' },
      to: { path: '^(react-app|admin|server)/|(^|/)node_modules/(react|react-dom|jquery)/' },
    },
    {
      name: 'core-not-node',
      severity: 'error',
      comment: 'core/ runs in the browser: no Node built-ins (node:fs, path, …).',
      from: { path: '^core/', pathNot: TESTS },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'core-runtime-libraries',
      severity: 'error',
      comment:
        'The runtime may use swiper, photoswipe, mitt, js-cookie, web-vitals and dompurify; zod only in wire formats (core/wire, the API answers of core/api/schemas, which the browser takes as types only, and the feed rows the back office and imports share).',
      from: { path: '^core/', pathNot: `${TESTS}|^core/wire/|^core/api/schemas/|^core/api/endpoint\\.ts$|^core/catalogue/rows\\.ts$` },
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
      name: 'widget-runtime-is-framework-free',
      severity: 'error',
      comment:
        "A widget folder's .ts files (its handler and what the handler imports) are built into the widget's runtime chunk: core/ and the folders' .ts files, never React, a .tsx module or the rest of react-app/.",
      from: { path: WIDGET_RUNTIME, pathNot: TESTS },
      to: {
        path: '\\.tsx$|^(admin|server|fixtures|scripts|e2e)/|^react-app/(?!widgets/(?!controls/|loop/)[^/]+/[^/]+\\.ts$)|(^|/)node_modules/(react|react-dom)/',
      },
    },
    {
      name: 'widget-runtime-libraries',
      severity: 'error',
      comment: "A widget's runtime code uses the runtime's libraries only (as core/ does).",
      from: { path: WIDGET_RUNTIME, pathNot: TESTS },
      to: { dependencyTypes: ['npm', 'npm-dev'], pathNot: '(^|/)node_modules/(swiper|photoswipe|mitt|js-cookie|web-vitals|dompurify)/' },
    },
    {
      name: 'admin-boundary',
      severity: 'error',
      comment: 'Admin screens import core/ and react-app/ components, never the server or seed data.',
      from: { path: '^admin/', pathNot: TESTS },
      to: { path: '^(server|fixtures|scripts|e2e)/' },
    },
    {
      name: 'answer-schemas-types-only',
      severity: 'error',
      comment: 'The browser takes the API answer schemas (core/api/schemas) as types: a value import would bundle zod.',
      from: { path: '^(core|react-app|admin)/', pathNot: `${TESTS}|^core/api/schemas/` },
      to: { path: '^core/api/schemas/', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'admin-not-editor',
      severity: 'error',
      comment: "Admin screens call the server through core/api/client.ts, not through the editor's helpers.",
      from: { path: '^admin/', pathNot: TESTS },
      to: { path: '^react-app/editor/api\\.ts$' },
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
    // Inside the server: routes → services → db. Render (SSR) and auth (who the caller is) sit beside routes,
    // above services; services know nothing of requests or markup; db knows only its own schema.
    {
      name: 'server-db-is-the-bottom',
      severity: 'error',
      comment: 'server/db imports only itself, server/errors.ts and core/wire.',
      from: { path: '^server/db/', pathNot: TESTS },
      to: { path: '^server/(?!db/|errors\\.ts$)' },
    },
    {
      name: 'server-services-below-routes',
      severity: 'error',
      comment: 'Services take plain arguments: never routes, render, auth, plugins or the app.',
      from: { path: '^server/services/', pathNot: TESTS },
      to: { path: '^server/(routes|render|auth|plugins|seeders)/|^server/(app|main|seed|site-mode|config)\\.tsx?$' },
    },
    {
      name: 'server-render-not-routes',
      severity: 'error',
      comment: 'SSR is called by routes and reads services; it never imports routes, plugins or the app.',
      from: { path: '^server/render/', pathNot: TESTS },
      to: { path: '^server/(routes|plugins|seeders)/|^server/(app|main|seed|site-mode)\\.tsx?$' },
    },
    {
      name: 'server-auth-apart',
      severity: 'error',
      comment: 'Auth (sessions, nonces, guards) never imports routes, render, plugins or the app.',
      from: { path: '^server/auth/', pathNot: TESTS },
      to: { path: '^server/(routes|render|plugins|seeders)/|^server/(app|main|seed|site-mode)\\.tsx?$' },
    },
    {
      name: 'server-test-helpers-in-testing',
      severity: 'error',
      comment: 'Production server code never imports test helpers (server/testing/).',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^server/testing/' },
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
      to: { path: '^(server|react-app|admin|scripts|e2e)/|^core/(?!wire/|catalogue/product-kinds\\.ts$)' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(dist|data|\\.tsbuild)/' },
    tsConfig: { fileName: 'tsconfig.base.json' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'] },
  },
};
