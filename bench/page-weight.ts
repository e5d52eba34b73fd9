/**
 * Page weight: the gzipped JS and CSS a page loads, measured in Chromium against the built app.
 * Usage: npm run build && npm run bench:weight [-- /auth /attorney/dashboard …] [-- --files]
 * --files lists every script and stylesheet a page loads with its gzipped size, largest first.
 * Signed-in pages are loaded as a fresh attorney. Reported against the 200 KB budget for /auth (issue 7).
 */
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_ARGS, stop, timeToFirst200 } from './lib';

const port = Number(process.env.BENCH_PORT ?? 3190);
const base = `http://localhost:${port}`;
const pages = process.argv.slice(2).filter((a) => a.startsWith('/'));
const targets = pages.length ? pages : ['/auth', '/attorney/dashboard', '/attorney/master-lpq'];
const JS_BUDGET = 200 * 1024;
const listFiles = process.argv.includes('--files');

const dataDir = `/tmp/lp-bench-weight-${process.pid}`;
const { child } = await timeToFirst200('npx', ['tsx', 'server/main.ts'], `${base}/api/login`, {
  PORT: String(port),
  PUBLIC_URL: base,
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  REGISTER_RATE_LIMIT_MAX: '1000',
});
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
try {
  const rows: { page: string; js: number; css: number; jsFiles: number }[] = [];
  const fileLists: string[] = [];
  for (const target of targets) {
    const context = await browser.newContext();
    if (target !== '/auth' && target !== '/') {
      const res = await context.request.post(`${base}/api/register`, {
        data: {
          email: `bench-${randomBytes(4).toString('hex')}@example.com`,
          password: 'bench-password',
          firstName: 'Bench',
          lastName: 'Mark',
          userType: target.startsWith('/firm') ? 'firm' : 'attorney',
        },
      });
      if (res.status() !== 201) throw new Error(`register failed: ${res.status()}`);
    }
    const page = await context.newPage();
    const bodies: Promise<{ type: string; gz: number; url: string }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const url = new URL(response.url()).pathname;
      bodies.push(response.body().then((b) => ({ type, url, gz: gzipSync(b, { level: 9 }).length })));
    });
    await page.goto(`${base}${target}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
    await page.waitForTimeout(500);
    const all = await Promise.all(bodies);
    const js = all.filter((b) => b.type === 'script');
    if (listFiles)
      fileLists.push(
        `${target}\n${[...all]
          .sort((a, b) => b.gz - a.gz)
          .map((b) => `  ${(b.gz / 1024).toFixed(1).padStart(7)} KB  ${b.url}`)
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
  console.log('page                      gzipped JS   files   gzipped CSS   JS / 200 KB budget');
  for (const r of rows) {
    console.log(
      `${r.page.padEnd(25)} ${(r.js / 1024).toFixed(1).padStart(8)} KB ${String(r.jsFiles).padStart(7)} ${(
        r.css / 1024
      )
        .toFixed(1)
        .padStart(10)} KB ${(r.js / JS_BUDGET).toFixed(2).padStart(12)}`,
    );
  }
} finally {
  await browser.close();
  stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
