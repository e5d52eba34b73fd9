import path from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The tests that read the source rather than run it (the service signatures' AST, the import graph, the
 * migrations against the schema, the generated OpenAPI client under tsc): their answer is the same on every
 * Node, so scripts/test.sh's second Node pass sets TEST_SKIP_SOURCE_TESTS=1 and they run once. The runtime
 * suites (faults, start-up, shutdown, serve flags, every API test) run on both Nodes.
 */
const SOURCE_TESTS = [
  'server/test/service-policies.test.ts',
  'server/test/import-graph.test.ts',
  'server/db/migrations.test.ts',
  'server/modules/api-docs/openapi-client.test.ts',
];

/**
 * The suites that start real processes and time them (start-up, shutdown, process and database faults). With
 * TEST_RUNTIME_SUITES=skip a run leaves them out, with =only it runs them alone: scripts/test.sh runs the second
 * Node's pass beside the browser journeys, and these after the journeys, on a quiet machine.
 */
const RUNTIME_SUITES = ['server/test/startup/**', 'server/test/faults/**'];
const runtimeSuites = process.env.TEST_RUNTIME_SUITES;

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
        test: {
          name: 'server',
          include:
            runtimeSuites === 'only' ? RUNTIME_SUITES.map((g) => `${g}/*.test.ts`) : ['server/**/*.test.ts'],
          exclude: [
            ...configDefaults.exclude,
            ...(process.env.TEST_SKIP_SOURCE_TESTS ? SOURCE_TESTS : []),
            ...(runtimeSuites === 'skip' ? RUNTIME_SUITES : []),
          ],
          isolate: false,
        },
      },
      {
        // The shared and web units stay isolated: web/lib/client.test.ts mocks a module and stubs fetch.
        extends: true,
        test: {
          name: 'units',
          include: runtimeSuites === 'only' ? [] : ['shared/**/*.test.ts', 'web/**/*.test.{ts,tsx}'],
        },
      },
    ],
  },
});
