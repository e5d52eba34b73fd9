/**
 * One load run for bench/load.ts: wrk (C, one thread) or autocannon (Node) at `connections` against one
 * URL with a cookie (or, for a write, a JSON body sent with a cookie from a list in turn, so the writes
 * spread over many users' rows), answering req/s, p50, p99 (ms), errors, the request count, the seconds
 * measured and, from wrk, the whole latency histogram, so that several runs can be pooled (`pooled`).
 */
import { execFileSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

export type LoadSpec = {
  url: string;
  cookie: string;
  seconds: number;
  connections: number;
  /** A write: PUT with this JSON body, each request with the next cookie of `cookies`. */
  put?: { body: string; cookies: string[] };
};

export type Run = {
  reqPerSec: number;
  p50: number;
  p99: number;
  errors: number;
  requests: number;
  seconds: number;
  /** wrk only: every latency seen (µs) with how many requests took it, ascending. */
  histogram?: [number, number][];
};

/**
 * Several runs as one: req/s over their summed time and the p99 of all their latencies together
 * (null without histograms: autocannon reports percentiles only).
 */
export function pooled(runs: Run[]): { reqPerSec: number; p99: number } | null {
  if (runs.some((r) => !r.histogram)) return null;
  const counts = new Map<number, number>();
  for (const r of runs) for (const [us, n] of r.histogram!) counts.set(us, (counts.get(us) ?? 0) + n);
  const sorted = [...counts].sort((a, b) => a[0] - b[0]);
  const total = sorted.reduce((sum, [, n]) => sum + n, 0);
  let seen = 0;
  let p99 = 0;
  for (const [us, n] of sorted) {
    seen += n;
    p99 = us;
    if (seen >= total * 0.99) break;
  }
  const requests = runs.reduce((sum, r) => sum + r.requests, 0);
  const seconds = runs.reduce((sum, r) => sum + r.seconds, 0);
  return { reqPerSec: requests / seconds, p99: Math.round(p99 / 100) / 10 };
}

async function runAutocannon({ url, cookie, seconds, connections, put }: LoadSpec): Promise<Run> {
  let next = 0;
  const result = await autocannon({
    url,
    connections,
    duration: seconds,
    headers: { cookie },
    ...(put && {
      method: 'PUT' as const,
      body: put.body,
      requests: [
        {
          setupRequest: (request) => ({
            ...request,
            headers: {
              ...request.headers,
              'content-type': 'application/json',
              cookie: put.cookies[next++ % put.cookies.length],
            },
          }),
        },
      ],
    }),
  });
  return {
    reqPerSec: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    requests: result.requests.total,
    seconds: result.duration,
  };
}

// wrk's summary as one JSON line (latencies in µs); status errors are the non-2xx/3xx answers. `latency(i)`
// is the i-th distinct latency and its count, ascending: the histogram.
const WRK_REPORT = `done = function(s, latency)
  local e = s.errors
  local h = {}
  for i = 1, #latency do
    local us, n = latency(i)
    h[i] = string.format('[%d,%d]', us, n)
  end
  io.write(string.format('{"requests":%d,"us":%d,"errors":%d,"p50":%d,"p99":%d,"histogram":[%s]}\\n', s.requests,
    s.duration, e.connect + e.read + e.write + e.timeout + e.status, latency:percentile(50), latency:percentile(99),
    table.concat(h, ',')))
end`;

/** A PUT of one JSON body (as a Lua long string: no escapes), each request with the next cookie in turn. */
const wrkPut = ({
  body,
  cookies,
}: NonNullable<LoadSpec['put']>) => `local cookies = { ${cookies.map((c) => JSON.stringify(c)).join(', ')} }
local body = [==[${body}]==]
local n = 0
request = function()
  n = n % #cookies + 1
  return wrk.format("PUT", nil, { ["Cookie"] = cookies[n], ["Content-Type"] = "application/json" }, body)
end
`;

function runWrk({ url, cookie, seconds, connections, put }: LoadSpec): Run {
  // wrk loads the script once per thread and once more for the summary, so it must be a file.
  const script = path.join(os.tmpdir(), `lp-bench-wrk-${process.pid}.lua`);
  writeFileSync(script, `${put ? wrkPut(put) : ''}${WRK_REPORT}`);
  const out = execFileSync(
    'wrk',
    [
      '-t1',
      `-c${connections}`,
      `-d${seconds}s`,
      '--timeout',
      '10s',
      '-H',
      `Cookie: ${cookie}`,
      '-s',
      script,
      url,
    ],
    { encoding: 'utf8' },
  );
  rmSync(script, { force: true });
  const line = out.split('\n').find((l) => l.startsWith('{"requests"'));
  if (!line) throw new Error(`wrk printed no summary:\n${out}`);
  const r = JSON.parse(line) as Record<string, number> & { histogram: [number, number][] };
  return {
    reqPerSec: r.requests / (r.us / 1e6),
    seconds: r.us / 1e6,
    histogram: r.histogram,
    p50: Math.round(r.p50 / 100) / 10,
    p99: Math.round(r.p99 / 100) / 10,
    errors: r.errors,
    requests: r.requests,
  };
}

export const loadRun = (tool: 'wrk' | 'autocannon', spec: LoadSpec): Promise<Run> =>
  tool === 'wrk' ? Promise.resolve(runWrk(spec)) : runAutocannon(spec);
