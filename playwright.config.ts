import { defineConfig } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './e2e',
  // Several journeys walk a dozen screens; on a slow two-core CI machine running two spec files at once,
  // the longest took 54 s of a 60 s limit. Twice that leaves room without hiding a hang.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  // CI: two spec files at a time against the one server (every journey signs up its own users and reads
  // only its own mail), to keep CI under 20 minutes; one at a time elsewhere, so a local run stays quiet.
  workers: process.env.CI ? 2 : 1,
  retries: 0,
  reporter: process.env.CI ? 'list' : [['list']],
  use: {
    baseURL,
    viewport: { width: 1280, height: 800 },
    screenshot: 'only-on-failure',
    trace: 'off',
    // Reduced motion, as a user may ask (web/theme.ts respects it): modals, menus and toasts appear and go at
    // once, so no journey acts on an element still sliding into place.
    reducedMotion: 'reduce',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    // The production build (npm start's script: it builds first when dist/ is missing or older than the
    // sources) on a database of the run's own: a new one on PostgreSQL when one answers, dropped at the end,
    // else a fresh embedded one (scripts/e2e-server.mjs).
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/login`,
    reuseExistingServer: false,
    timeout: 180_000,
    // SIGTERM, so the wrapper drops the run's database after the server stops.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      PUBLIC_URL: baseURL,
      DATA_DIR: `data/e2e-${port}`,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_MAX: '1000',
      REGISTER_RATE_LIMIT_MAX: '1000',
      ...(process.env.WEB_DIST_DIR ? { WEB_DIST_DIR: process.env.WEB_DIST_DIR } : {}),
    },
  },
});
