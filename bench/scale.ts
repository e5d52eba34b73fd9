/**
 * Scale: the same calls on a large and a small account in one run. The large firm has
 * 10,000 requests, the large attorney 500 shares and 1,000,000 access events (bench/scale-seed.ts, on top
 * of the load seed). For each call it reports:
 * - p99 (large) / p99 (small), target ≤ 1.2×: both measured in the same process through app.inject, one
 *   request at a time, large and small interleaved in rounds so the machine's load falls on both alike;
 * - the response size of each, which must not grow with the account (target: large ≤ 1.2× small);
 * - EXPLAIN (ANALYZE) of every SQL statement the call sent (captured from the pg driver): no Seq Scan on a
 *   large table (users, sessions, lpq_requests, shared_packages, position_lpqs, access_events,
 *   access_log_entries).
 * Calls: the firm's list page (50 rows) with every sort of PRODUCT.md §6, a status filter, a search and each
 * filter of issue 64 (reviewer, conflicts status, new, overdue), its dashboard stats (with the pipeline's
 * counts), the attorney's access log page and request list.
 * The access log against the reads behind it: three attorneys with the same 200 entries
 * behind 1,600, 100,000 and 500,000 reads (bench/scale-seed.ts GROWTH), their page measured interleaved;
 * target p99 (500k) ≤ 1.2× p99 (1.6k), the same response size, and no statement of the page reading
 * access_events at all (bench/scale-growth.ts).
 * Exits 1 when a target is missed. Usage: npm run bench:scale [-- --samples 1000 --keep-db --only growth]
 * (`--reuse-db` measures the database an earlier `--keep-db` run kept, migrated, not re-seeded; `--calls a,b`
 * only the calls whose URL holds a or b, and not the growth cases)
 * (1000: the p99 is then the 10th slowest of each account, not the 2nd, which one collector pause decides;
 * `--only growth` seeds and measures the access log's growth cases alone)
 * Creates and drops the database lp_bench_scale (or BENCH_DB) on BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/postgres).
 */
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { hashPassword } from '../server/modules/auth/crypto';
import { FIRM_REQUEST_SORTS } from '../shared/firm-pipeline';
import { adminQuery } from './lib';
import { seedDatabase } from './load-seed';
import { measureGrowth } from './scale-growth';
import { GROWTH, growthEmail, scaleEmail, seedAccessLogGrowth, seedScaleAccounts } from './scale-seed';

const arg = (name: string, fallback: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const samples = arg('samples', 1000);
const keepDb = process.argv.includes('--keep-db') || process.argv.includes('--reuse-db');
// `--reuse-db`: measure a database kept by an earlier `--keep-db` run (migrated to this checkout, not re-seeded).
const reuseDb = process.argv.includes('--reuse-db');
// `--calls dashboard,sort=-status`: only the calls whose URL holds one of these (iteration on a few calls).
const callsArg = process.argv.indexOf('--calls');
const callFilter = callsArg > 0 ? process.argv[callsArg + 1].split(',') : null;
const onlyGrowth = process.argv.includes('growth') && process.argv.includes('--only');
const adminUrl = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// BENCH_DB names the database (as bench/load.ts does), so two people can bench on one server at once.
const dbName = process.env.BENCH_DB ?? 'lp_bench_scale';
const databaseUrl = Object.assign(new URL(adminUrl), { pathname: `/${dbName}` }).toString();
const PASSWORD = 'bench-password-1';
const TARGET = { p99Ratio: 1.2, sizeRatio: 1.2 };
const LARGE_TABLES = [
  'users',
  'sessions',
  'lpq_requests',
  'shared_packages',
  'position_lpqs',
  'access_events',
  'access_log_entries',
];

// Every statement the app sends, as text and values, while `capturing` is set.
let captured: { text: string; values: unknown[] }[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function (this: pg.Client, config: unknown, values?: unknown, cb?: unknown) {
  if (captured && config && typeof config === 'object' && 'text' in config) {
    const c = config as { text: string; values?: unknown[] };
    captured.push({ text: c.text, values: c.values ?? (Array.isArray(values) ? values : []) });
  } else if (captured && typeof config === 'string') {
    captured.push({ text: config, values: Array.isArray(values) ? values : [] });
  }
  return (originalQuery as (...args: unknown[]) => unknown).call(this, config, values, cb);
} as typeof pg.Client.prototype.query;

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
const seqScans = (node: PlanNode): string[] => [
  ...(node['Node Type'] === 'Seq Scan' && LARGE_TABLES.includes(node['Relation Name'] ?? '')
    ? [node['Relation Name']!]
    : []),
  ...(node.Plans ?? []).flatMap(seqScans),
];

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * p) - 1];
const p99 = (xs: number[]) => percentile(xs, 0.99);

if (!reuseDb) {
  await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
  await adminQuery(adminUrl, `create database ${dbName}`);
}
let failed = false;
try {
  const database = await openDatabase({ url: databaseUrl });
  await database.migrate();
  const seedPool = new pg.Pool({ connectionString: databaseUrl });
  let started = performance.now();
  const hash = await hashPassword(PASSWORD);
  // VACUUM as autovacuum would after the seed's inserts (PostgreSQL 13+ vacuums insert-only tables too): the
  // visibility map lets a count read its index alone (Index Only Scan, no heap fetch), as in service.
  if (reuseDb) {
    await seedPool.query('vacuum (analyze)');
  } else if (!onlyGrowth) {
    await seedDatabase(seedPool, hash, { resumeId: crypto.randomUUID(), documentId: crypto.randomUUID() });
    await seedScaleAccounts(seedPool, hash);
  }
  if (!reuseDb) {
    await seedAccessLogGrowth(seedPool, hash);
    // The events went in without the access log's trigger: its entries, from every event at once.
    await seedPool.query('select access_log_entries_backfill()');
    await seedPool.query('vacuum (analyze)');
  }
  await seedPool.end();
  console.log(
    `${reuseDb ? 'reused' : 'seeded'} ${dbName} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const config = {
    ...loadConfig({ NODE_ENV: 'test', PUBLIC_URL: 'http://localhost:3000', LOG_LEVEL: 'silent' }),
    mailPollMs: 0,
    jobPollMs: 0,
  };
  const app = await buildApp({ config, db: database.db, logger: false });
  await app.ready();
  const signIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: PASSWORD },
    });
    if (res.statusCode !== 200) throw new Error(`login ${email}: ${res.statusCode} ${res.body}`);
    const cookie = res.cookies.find((c) => c.name === 'lp_session');
    return `lp_session=${cookie?.value}`;
  };
  const explainer = new pg.Client({ connectionString: databaseUrl });
  await explainer.connect();
  /** EXPLAIN (ANALYZE) of each statement with its own values, in a transaction rolled back. */
  const explain = async (statements: { text: string; values: unknown[] }[]) => {
    const plans: PlanNode[] = [];
    for (const st of statements) {
      if (!/^\s*(with|select)/i.test(st.text)) continue;
      await explainer.query('begin');
      try {
        const { rows: plan } = await explainer.query(`explain (analyze, format json) ${st.text}`, st.values);
        plans.push((plan[0]['QUERY PLAN'] as { Plan: PlanNode }[])[0].Plan);
      } finally {
        await explainer.query('rollback');
      }
    }
    return plans;
  };
  const capture = async (run: () => Promise<void>) => {
    captured = [];
    await run();
    const statements = captured;
    captured = null;
    return statements;
  };
  if (!onlyGrowth) {
    const cookies = {
      firm: { large: await signIn(scaleEmail('firm-big')), small: await signIn(scaleEmail('firm-small')) },
      attorney: {
        large: await signIn(scaleEmail('attorney-big')),
        small: await signIn(scaleEmail('attorney-small')),
      },
    };
    const calls = [
      ...FIRM_REQUEST_SORTS.map((sort) => ({
        who: 'firm' as const,
        url: `/api/firm/lpq-requests?sort=${encodeURIComponent(sort)}`,
      })),
      { who: 'firm' as const, url: '/api/firm/lpq-requests?status=accepted' },
      { who: 'firm' as const, url: '/api/firm/lpq-requests?status=declined&sort=due' },
      { who: 'firm' as const, url: '/api/firm/lpq-requests?q=tax' },
      // Issue 64: the pipeline's filters (reviewer, conflicts status, new, overdue); the dashboard's pipeline
      // counts are in dashboard-stats below.
      { who: 'firm' as const, url: '/api/firm/lpq-requests?reviewer=me' },
      { who: 'firm' as const, url: '/api/firm/lpq-requests?conflicts=pending' },
      { who: 'firm' as const, url: '/api/firm/lpq-requests?new=true' },
      { who: 'firm' as const, url: '/api/firm/lpq-requests?overdue=true' },
      { who: 'firm' as const, url: '/api/firm/lpq-requests?overdue=true&sort=due' },
      { who: 'firm' as const, url: '/api/firm/dashboard-stats' },
      { who: 'attorney' as const, url: '/api/attorney/access-log' },
      { who: 'attorney' as const, url: '/api/attorney/lpq-requests' },
    ];

    const rows: string[] = [];
    const chosen = callFilter ? calls.filter((c) => callFilter.some((f) => c.url.includes(f))) : calls;
    console.log(
      `${samples} samples per call and account, one at a time, large and small interleaved\n\n${'call'.padEnd(52)} ${'p50 small'.padStart(10)} ${'p50 large'.padStart(10)} ${'p99 small'.padStart(10)} ${'p99 large'.padStart(10)} ${'ratio'.padStart(6)} ${'bytes small'.padStart(12)} ${'bytes large'.padStart(12)}  seq scans on large tables`,
    );
    for (const call of chosen) {
      const times = { large: [] as number[], small: [] as number[] };
      const bytes = { large: 0, small: 0 };
      const scans = new Set<string>();
      for (const size of ['large', 'small'] as const) {
        // The statements of one call, explained with its own values.
        let res: Awaited<ReturnType<typeof app.inject>> | undefined;
        const statements = await capture(async () => {
          res = await app.inject({
            method: 'GET',
            url: call.url,
            headers: { cookie: cookies[call.who][size] },
          });
        });
        if (res?.statusCode !== 200)
          throw new Error(`${call.url} (${size}): ${res?.statusCode} ${res?.body}`);
        bytes[size] = res.rawPayload.length;
        for (const plan of await explain(statements))
          for (const t of seqScans(plan)) scans.add(`${size}:${t}`);
      }
      for (let i = 0; i < samples; i++)
        for (const size of ['large', 'small'] as const) {
          const t0 = performance.now();
          await app.inject({ method: 'GET', url: call.url, headers: { cookie: cookies[call.who][size] } });
          times[size].push(performance.now() - t0);
        }
      const [small, large] = [p99(times.small), p99(times.large)];
      const ratio = large / small;
      const sizeRatio = bytes.large / bytes.small;
      const misses = [
        ratio > TARGET.p99Ratio && `p99 ${ratio.toFixed(2)}× > 1.2×`,
        sizeRatio > TARGET.sizeRatio && `response ${sizeRatio.toFixed(1)}× larger`,
        scans.size > 0 && `seq scan on ${[...scans].join(', ')}`,
      ].filter(Boolean);
      if (misses.length) failed = true;
      const medians = `${percentile(times.small, 0.5).toFixed(1).padStart(10)} ${percentile(times.large, 0.5).toFixed(1).padStart(10)}`;
      const line = `${`${call.who} ${call.url}`.padEnd(52)} ${medians} ${small.toFixed(1).padStart(10)} ${large.toFixed(1).padStart(10)} ${ratio.toFixed(2).padStart(6)} ${String(bytes.small).padStart(12)} ${String(bytes.large).padStart(12)}  ${[...scans].join(', ') || 'none'}`;
      console.log(line);
      rows.push(
        `${`${call.who} ${call.url}`.padEnd(52)} ${misses.length ? `MISSED: ${misses.join('; ')}` : 'met'}`,
      );
    }
    console.log(
      `\ntargets (p99 large ≤ 1.2× small, response not larger, no seq scan on a large table):\n${rows.join('\n')}`,
    );
  }
  const growth = callFilter
    ? { met: true }
    : await measureGrowth({
        app,
        samples,
        signIn,
        emails: GROWTH.events.map((events) => ({ events, email: growthEmail(events) })),
        capture,
        explain,
        largeTables: onlyGrowth ? [] : LARGE_TABLES,
      });
  if (!growth.met) failed = true;
  await explainer.end();
  await app.close();
  await database.close();
  started = performance.now();
} finally {
  if (!keepDb) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
}
process.exitCode = failed ? 1 : 0;
