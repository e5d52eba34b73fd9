import type { FastifyBaseLogger } from 'fastify';

export type PollLoopOptions<T> = {
  /** What one pass does (claim and run due jobs, drain an outbox); told whether the loop is stopping. */
  run: (stopping: () => boolean) => Promise<T>;
  /** How often to poll; 0 means no background loop (tests call runOnce). */
  pollMs: number;
  log?: FastifyBaseLogger;
  /** Names the loop in its log lines: 'job', 'outbox', 'webhook'. */
  name: string;
};

/**
 * The one poll loop behind the scheduler, the mail dispatcher and the webhook dispatcher: a pass at a time
 * (a call while one runs joins it), the next poll only after the pass ends, `kick` for a pass soon after a
 * transaction that queued work has committed, and `stop` that waits for the pass in flight. What a pass does
 * (and how it claims rows across processes) is each owner's own.
 */
export function createPollLoop<T>(opts: PollLoopOptions<T>) {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<T> | undefined;
  let stopped = false;
  const stopping = () => stopped;

  function runOnce(): Promise<T> {
    running ??= opts.run(stopping).finally(() => {
      running = undefined;
    });
    return running;
  }

  function schedule() {
    if (stopped || opts.pollMs <= 0) return;
    timer = setTimeout(async () => {
      try {
        await runOnce();
      } catch (err) {
        opts.log?.warn({ err }, `${opts.name} poll failed`);
      }
      schedule();
    }, opts.pollMs);
    timer.unref();
  }

  return {
    runOnce,
    start() {
      stopped = false;
      schedule();
    },
    /** Asks for a pass soon (after a transaction that queued work has committed). */
    kick() {
      if (stopped || opts.pollMs <= 0) return;
      setImmediate(() => runOnce().catch((err) => opts.log?.warn({ err }, `${opts.name} run failed`)));
    },
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running?.catch(() => {});
    },
  };
}

/**
 * A pass of an outbox's dispatcher: claims due rows a batch at a time and delivers each batch at once, until a
 * batch comes back short (nothing more is due) or, with `stopOnFailure`, a delivery failed (the receiver is
 * likely down: the rest wait for their backoff). Returns how many deliveries were attempted.
 */
export async function drainInBatches<R>(
  claim: () => Promise<R[]>,
  deliver: (row: R) => Promise<boolean>,
  opts: { batchSize: number; stopOnFailure?: boolean },
): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await claim();
    total += rows.length;
    const results = await Promise.all(rows.map(deliver));
    if (rows.length < opts.batchSize || (opts.stopOnFailure && results.includes(false))) return total;
  }
}
