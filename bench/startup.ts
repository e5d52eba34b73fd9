/**
 * Start-up time: from the start command to the first 200, on a warm install, beside a bare Fastify
 * server started the same way in the same run (the baseline).
 * Usage: npm run bench:startup [-- --runs 5]
 */
import { rmSync, writeFileSync } from 'node:fs';
import { median, stop, timeToFirst200 } from './lib';

const runs = Number(process.argv[process.argv.indexOf('--runs') + 1]) || 3;
const port = 3191;
const url = `http://localhost:${port}`;

const baselineFile = '/tmp/lp-bench-bare-fastify.mjs';
writeFileSync(
  baselineFile,
  `import Fastify from '${process.cwd()}/node_modules/fastify/fastify.js';
const app = Fastify();
app.get('/auth', async () => 'ok');
await app.listen({ port: ${port}, host: '127.0.0.1' });`,
);

async function measure(
  label: string,
  command: string,
  args: string[],
  path: string,
  env: NodeJS.ProcessEnv = {},
) {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dataDir = `/tmp/lp-bench-start-${process.pid}-${i}`;
    const { ms, child } = await timeToFirst200(command, args, `${url}${path}`, {
      PORT: String(port),
      PUBLIC_URL: url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    });
    times.push(ms);
    stop(child);
    await new Promise((r) => setTimeout(r, 500));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return { label, median: median(times), times };
}

const results = [
  await measure('bare Fastify (tsx), baseline', 'npx', ['tsx', baselineFile], '/auth'),
  await measure('npm run serve (built SPA, fresh PGlite)', 'npm', ['run', 'serve'], '/auth'),
  await measure('npm start (vite build + serve)', 'npm', ['start'], '/auth'),
];
const baseline = results[0].median;
console.log(`runs: ${runs}`);
for (const r of results) {
  console.log(
    `${r.label.padEnd(42)} median ${(r.median / 1000).toFixed(2)} s   x${(r.median / baseline).toFixed(1)} baseline   [${r.times
      .map((t) => (t / 1000).toFixed(2))
      .join(', ')}]`,
  );
}
