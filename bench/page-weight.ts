/**
 * Page weight: the gzipped JS and CSS a page loads, measured in Chromium against the built app.
 * Usage: npm run build && npm run bench:weight [-- /auth /firm/dashboard …] [-- --files]
 * Without paths: /auth and every attorney and firm page, signed in as a seeded attorney and firm with a
 * shared package (bench/seed-pages.ts), so the detail pages (/lpq/:id, /firm/requests/:id) show one.
 * --files lists every script and stylesheet a page loads with its gzipped size, largest first.
 * Targets: /auth at most 150 KB of gzipped JS, every attorney and firm page at most 250 KB.
 * Prints each page's ratio to its target and exits 1 when one is missed.
 */
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Response } from '@playwright/test';
import { CHROMIUM_ARGS, stop, timeToFirst200 } from './lib';
import { seedPages, signedInPages } from './seed-pages';

const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://localhost:${port}`;
const KB = 1024;
const AUTH_TARGET = 150 * KB;
const SIGNED_IN_TARGET = 250 * KB;
const listFiles = process.argv.includes('--files');
const asked = process.argv.slice(2).filter((a) => a.startsWith('/'));

const targetFor = (page: string) =>
  page.startsWith('/attorney') || page.startsWith('/lpq') || page.startsWith('/firm')
    ? SIGNED_IN_TARGET
    : AUTH_TARGET;

const dataDir = `/tmp/lp-bench-weight-${process.pid}`;
const { child } = await timeToFirst200('npx', ['tsx', 'server/main.ts'], `${base}/api/login`, {
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  REGISTER_RATE_LIMIT_MAX: '1000',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
let missed = false;
try {
  const seed = await seedPages(base);
  const targets = asked.length ? asked : ['/auth', ...signedInPages(seed)];
  const rows: { page: string; js: number; css: number; jsFiles: number }[] = [];
  const fileLists: string[] = [];
  const tabRows: { page: string; js: number; css: number; jsFiles: number }[] = [];
  for (const target of targets) {
    const context = await browser.newContext();
    const cookie = target.startsWith('/firm')
      ? seed.firmCookie
      : target.startsWith('/attorney') || target.startsWith('/lpq')
        ? seed.attorneyCookie
        : null;
    if (cookie) {
      const [name, value] = cookie.split('=');
      await context.addCookies([{ name, value, url: base }]);
    }
    const page = await context.newPage();
    const bodies: Promise<{ type: string; gz: number; url: string }>[] = [];
    const onResponse = (response: Response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const url = new URL(response.url()).pathname;
      bodies.push(
        response.body().then(
          (b) => ({ type, url, gz: gzipSync(b, { level: 9 }).length }),
          (err) => {
            // A body that cannot be read (a redirect's) is said, not counted.
            console.log(`${target}: ${url} not read (${String(err).split('\n')[0]})`);
            return { type, url, gz: 0 };
          },
        ),
      );
    };
    page.on('response', onResponse);
    await page.goto(`${base}${target}`, { waitUntil: 'load' });
    // Settled: the page's heading is shown (no spinner left), then nothing more arrives for 500 ms.
    await page
      .getByRole('heading', { level: 1 })
      .first()
      .waitFor({ timeout: 15_000 })
      .catch(() => console.log(`${target}: no heading within 15 s (measured as loaded so far)`));
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
    await page.waitForTimeout(500);
    page.off('response', onResponse);
    const all = await Promise.all(bodies);
    // PRODUCT.md §12: the request page's Business case tab loads its own chunks (the case, then the
    // charts) only when opened: what opening it adds is measured apart, the page's row stays without it.
    if (/^\/firm\/requests\/[0-9a-f-]{36}$/.test(target)) {
      const added: typeof bodies = [];
      const onTabResponse = (response: Response) => {
        const type = response.request().resourceType();
        if (type !== 'script' && type !== 'stylesheet') return;
        added.push(
          response.body().then(
            (b) => ({ type, url: new URL(response.url()).pathname, gz: gzipSync(b, { level: 9 }).length }),
            () => ({ type, url: new URL(response.url()).pathname, gz: 0 }),
          ),
        );
      };
      page.on('response', onTabResponse);
      // A build without the tab (a baseline) says so and measures nothing more.
      await page
        .getByRole('tab', { name: 'Business case' })
        .click({ timeout: 5_000 })
        .catch(() => console.log(`${target}: no Business case tab`));
      await page
        .getByTestId('business-case-charts')
        .waitFor({ timeout: 15_000 })
        .catch(() => console.log(`${target}: the business case charts did not show within 15 s`));
      await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => {});
      await page.waitForTimeout(500);
      page.off('response', onTabResponse);
      const tab = await Promise.all(added);
      tabRows.push({
        page: `${target} + Business case tab`,
        js: tab.filter((b) => b.type === 'script').reduce((sum, b) => sum + b.gz, 0),
        css: tab.filter((b) => b.type === 'stylesheet').reduce((sum, b) => sum + b.gz, 0),
        jsFiles: tab.filter((b) => b.type === 'script').length,
      });
      if (listFiles)
        fileLists.push(
          `${target} + Business case tab\n${tab
            .sort((a, b) => b.gz - a.gz)
            .map((b) => `  ${(b.gz / KB).toFixed(1).padStart(7)} KB  ${b.url}`)
            .join('\n')}`,
        );
    }
    const js = all.filter((b) => b.type === 'script');
    if (listFiles)
      fileLists.push(
        `${target}\n${[...all]
          .sort((a, b) => b.gz - a.gz)
          .map((b) => `  ${(b.gz / KB).toFixed(1).padStart(7)} KB  ${b.url}`)
          .join('\n')}`,
      );
    rows.push({
      page: target,
      js: js.reduce((s, b) => s + b.gz, 0),
      css: all.filter((b) => b.type === 'stylesheet').reduce((s, b) => s + b.gz, 0),
      jsFiles: js.length,
    });
    await context.close();
  }
  for (const list of fileLists) console.log(list);
  console.log(
    'page                                            gzipped JS  files  gzipped CSS  target   JS/target',
  );
  for (const r of rows) {
    const target = targetFor(r.page);
    const met = r.js <= target;
    if (!met) missed = true;
    // Ids in paths are a fresh seed's: shown as :id so runs compare.
    const name = r.page.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id');
    console.log(
      `${name.padEnd(46)} ${(r.js / KB).toFixed(1).padStart(8)} KB ${String(r.jsFiles).padStart(6)} ${(
        r.css / KB
      )
        .toFixed(1)
        .padStart(
          9,
        )} KB ${String(target / KB).padStart(4)} KB ${(r.js / target).toFixed(2).padStart(6)}  ${met ? 'met' : 'MISSED'}`,
    );
  }
  for (const r of tabRows)
    console.log(
      `${r.page.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/, ':id')}: adds ${(r.js / KB).toFixed(1)} KB of gzipped JS in ${r.jsFiles} files and ${(r.css / KB).toFixed(1)} KB of CSS (loaded only when the tab is opened)`,
    );
  console.log(missed ? 'targets: MISSED' : 'targets: all met');
} finally {
  await browser.close();
  stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
process.exitCode = missed ? 1 : 0;
