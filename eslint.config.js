// ESLint: TypeScript rules everywhere, React hooks rules where React lives. Import boundaries between the
// layers and import cycles are checked by dependency-cruiser (.dependency-cruiser.cjs), formatting by Biome (biome.json).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', '.tsbuild/', '.cache/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
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
    // A component (any function of the files that hold components) over 150 lines is split into smaller ones
    // (scripts/lint-rules.test.ts probes it).
    files: ['react-app/**/*.tsx', 'admin/**/*.tsx', 'server/render/**/*.tsx'],
    ignores: ['**/*.test.tsx'],
    rules: { 'max-lines-per-function': ['error', { max: 150, skipBlankLines: false, skipComments: false }] },
  },
  {
    // Scripts, benchmarks and tests talk to the terminal.
    files: ['scripts/**', 'e2e/**', '**/*.test.{ts,tsx}', 'server/testing/**', 'server/main.ts', 'server/seed.ts'],
    rules: { 'no-console': 'off' },
  },
);
