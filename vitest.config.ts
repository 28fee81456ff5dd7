import { defineConfig } from 'vitest/config';

// Two projects: jsdom unit tests next to the code, and API tests against the real server and database.
export default defineConfig({
  test: {
    globals: true,
    projects: [
      {
        test: {
          name: 'unit',
          globals: true,
          environment: 'jsdom',
          include: ['core/**/*.test.ts', 'react-app/**/*.test.{ts,tsx}', 'admin/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'api',
          globals: true,
          environment: 'node',
          include: ['server/**/*.test.{ts,tsx}'],
          globalSetup: ['server/testing/global-setup.ts'],
          testTimeout: 20000,
          hookTimeout: 60000,
        },
      },
    ],
  },
});
