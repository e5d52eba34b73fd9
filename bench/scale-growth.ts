/**
 * The attorney's access log page against the number of reads behind its entries (bench/scale.ts runs it).
 * Three attorneys with the same 200 entries behind 1,600, 100,000 and 500,000 reads (bench/scale-seed.ts
 * GROWTH); their pages measured one at a time, the three interleaved in rounds, and each statement the page
 * sends explained: none may read access_events (the page reads the entries kept on write), none may Seq Scan
 * a large table. Target: p99 at 500k ≤ 1.2× p99 at 1.6k, and a response at most 5% larger (the counts'
 * digits).
 */
import type { FastifyInstance } from 'fastify';

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; Plans?: PlanNode[] };
type Statement = { text: string; values: unknown[] };

const relations = (node: PlanNode): { type: string; relation: string }[] => [
  ...(node['Relation Name'] ? [{ type: node['Node Type'], relation: node['Relation Name'] }] : []),
  ...(node.Plans ?? []).flatMap(relations),
];

const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.ceil(xs.length * p) - 1];
const TARGET = { p99Ratio: 1.2, sizeRatio: 1.05 };
const URL = '/api/attorney/access-log';

export async function measureGrowth(input: {
  app: FastifyInstance;
  samples: number;
  signIn: (email: string) => Promise<string>;
  emails: { events: number; email: string }[];
  capture: (run: () => Promise<void>) => Promise<Statement[]>;
  explain: (statements: Statement[]) => Promise<PlanNode[]>;
  /** Tables on which a Seq Scan misses the target (none with --only growth: every table is then small). */
  largeTables: string[];
}): Promise<{ met: boolean }> {
  const { app, samples } = input;
  const cases = [];
  for (const { events, email } of input.emails) {
    const cookie = await input.signIn(email);
    let res: Awaited<ReturnType<typeof app.inject>> | undefined;
    const statements = await input.capture(async () => {
      res = await app.inject({ method: 'GET', url: URL, headers: { cookie } });
    });
    if (res?.statusCode !== 200) throw new Error(`${URL} (${events}): ${res?.statusCode} ${res?.body}`);
    const entries = res.json() as { count: number }[];
    const reads = entries.reduce((n, e) => n + e.count, 0);
    const touched = (await input.explain(statements)).flatMap(relations);
    const problems = [
      ...new Set(
        touched
          .filter(
            (r) =>
              r.relation === 'access_events' ||
              (r.type === 'Seq Scan' && input.largeTables.includes(r.relation)),
          )
          .map((r) => `${r.type} on ${r.relation}`),
      ),
    ];
    cases.push({ events, cookie, bytes: res.rawPayload.length, entries: entries.length, reads, problems });
  }
  const times = new Map(cases.map((c) => [c.events, [] as number[]]));
  for (let i = 0; i < samples; i++)
    for (const c of cases) {
      const t0 = performance.now();
      await app.inject({ method: 'GET', url: URL, headers: { cookie: c.cookie } });
      times.get(c.events)!.push(performance.now() - t0);
    }
  console.log(
    `\naccess log against the reads behind it: ${samples} samples per attorney, interleaved\n\n${'reads'.padStart(8)} ${'entries'.padStart(8)} ${'reads shown'.padStart(12)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'bytes'.padStart(8)}  plan`,
  );
  for (const c of cases) {
    const xs = times.get(c.events)!;
    console.log(
      `${String(c.events).padStart(8)} ${String(c.entries).padStart(8)} ${String(c.reads).padStart(12)} ${percentile(xs, 0.5).toFixed(1).padStart(8)} ${percentile(xs, 0.99).toFixed(1).padStart(8)} ${String(c.bytes).padStart(8)}  ${c.problems.join(', ') || 'no access_events, no seq scan'}`,
    );
  }
  const [least, most] = [cases[0], cases[cases.length - 1]];
  const ratio = percentile(times.get(most.events)!, 0.99) / percentile(times.get(least.events)!, 0.99);
  const misses = [
    ratio > TARGET.p99Ratio && `p99 ${ratio.toFixed(2)}× > ${TARGET.p99Ratio}×`,
    // The counts have more digits; nothing else may grow.
    most.bytes / least.bytes > TARGET.sizeRatio && `response ${most.bytes} bytes against ${least.bytes}`,
    ...cases.flatMap((c) => (c.problems.length ? [`${c.events}: ${c.problems.join(', ')}`] : [])),
  ].filter(Boolean);
  console.log(
    `target (p99 at ${most.events} reads ≤ ${TARGET.p99Ratio}× p99 at ${least.events}, response ≤ ${TARGET.sizeRatio}×, the page never reads access_events): ${misses.length ? `MISSED: ${misses.join('; ')}` : `met (${ratio.toFixed(2)}×)`}`,
  );
  return { met: misses.length === 0 };
}
