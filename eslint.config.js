// ESLint: TypeScript rules everywhere, React hooks rules where React lives. Import boundaries between the
// layers and import cycles are checked by dependency-cruiser (.dependency-cruiser.cjs), formatting by Biome (biome.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const OWN_NONCE = {
  selector: 'Literal[value=/^(x-wp-nonce|_wpnonce)$/i], Property > Identifier.key[name=/^(_wpnonce)$/i]',
  message: 'Send the nonce through core/http.ts (it renews a stale one); do not set X-WP-Nonce or _wpnonce yourself.',
};
// (\x2F is '/': a selector's regular expression cannot hold one.)
const API_ADDRESS = {
  selector: 'Literal[value=/^\\x2F(api|wp-json)\\x2F/], TemplateLiteral[quasis.0.value.raw=/^\\x2F(api|wp-json)\\x2F/]',
  message: 'Call the API through its endpoint module (core/api/) and api() of core/api/client.ts, not by its address.',
};
// Nor an address built on a base path (`${CATALOGUE_API}/stores`, API + '/x'), nor a base path taken from core/api/.
const API_BASE = /(^|_)API$/.source;
const API_BASE_ADDRESS = {
  selector: [
    `TemplateLiteral[quasis.0.value.raw=""][expressions.0.name=/${API_BASE}/]`,
    `TemplateLiteral[quasis.0.value.raw=""][expressions.0.property.name=/${API_BASE}/]`,
    `BinaryExpression[operator="+"][left.name=/${API_BASE}/]`,
    `BinaryExpression[operator="+"][left.property.name=/${API_BASE}/]`,
    `ImportSpecifier[imported.name=/${API_BASE}/]`,
  ].join(', '),
  message: 'Call the API through its endpoint module (core/api/) and api() of core/api/client.ts, not by an address built on a base path.',
};

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', '.tsbuild/', '.cache/', '.tools/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // No rule here reads typescript-eslint's node maps (no typed rules; consistent-type-imports reads only the
      // compiler options): without them the parse of a cold lint is about 8 % cheaper (docs/testing.md).
      parserOptions: { preserveNodeMaps: false },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'table', 'group', 'groupEnd'] }],
      eqeqeq: ['error', 'smart'],
    },
  },
  {
    files: ['react-app/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // Every per-address limit keys on requestAddress() (an IPv6 client's /64), never on the raw address (docs/security.md).
    files: ['server/**/*.{ts,tsx}'],
    ignores: ['server/auth/anonymous-write-limit.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name=/^(ip|ips)$/][object.name=/^(request|req)$/]',
          message: 'Read the client address through requestAddress() (server/auth/anonymous-write-limit.ts), which groups an IPv6 /64.',
        },
      ],
    },
  },
  {
    // The nonce belongs to core/http.ts, which renews it when another tab signs in: no caller sends its own.
    files: ['core/**/*.{ts,tsx}', 'react-app/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    ignores: ['core/http.ts', '**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', OWN_NONCE] },
  },
  {
    // The browser calls routes through the endpoint modules (core/api/): no address of the API spelled elsewhere.
    files: ['core/**/*.{ts,tsx}', 'react-app/**/*.{ts,tsx}', 'admin/**/*.{ts,tsx}'],
    ignores: ['core/api/**', 'core/http.ts', '**/*.test.{ts,tsx}', '**/testing/**'],
    rules: { 'no-restricted-syntax': ['error', OWN_NONCE, API_ADDRESS, API_BASE_ADDRESS] },
  },
  {
    // A component (any function of the files that hold components) over 150 lines is split into smaller ones
    // (scripts/lint-rules.test.ts probes it).
    files: ['react-app/**/*.tsx', 'admin/**/*.tsx', 'server/render/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  {
    // No module over 400 lines (scripts/lint-rules.test.ts probes it): a longer one is split by concept. Tests and
    // seed data (fixtures/) are lists, not modules.
    files: ['**/*.{ts,tsx,mjs,js,cjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'e2e/**', 'fixtures/**'],
    rules: { 'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Scripts, benchmarks and tests talk to the terminal.
    files: ['scripts/**', 'e2e/**', '**/*.test.{ts,tsx}', 'server/testing/**', 'server/main.ts', 'server/seed.ts'],
    rules: { 'no-console': 'off' },
  },
);
