import path from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@shared': path.resolve(import.meta.dirname, 'shared') } },
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        // The server's files share their worker's module cache (isolate: false): each file's own import of the
        // app took ~2.5 s, half of a PGlite-only run. No server test mocks a module or stubs a global; each
        // builds its own app and database.
        extends: true,
        test: { name: 'server', include: ['server/**/*.test.ts'], isolate: false },
      },
      {
        // The shared and web units stay isolated: web/lib/client.test.ts mocks a module and stubs fetch.
        extends: true,
        test: { name: 'units', include: ['shared/**/*.test.ts', 'web/**/*.test.{ts,tsx}'] },
      },
    ],
  },
});
