import { describe, expect, it } from 'vitest';
import { createPollLoop } from './poll-loop';

/** A pass that waits until released, counting how many started. */
function gatedPass() {
  let started = 0;
  let release: () => void = () => {};
  const run = async (_stopping: () => boolean) => {
    started++;
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return started;
  };
  return { run, started: () => started, release: () => release() };
}

describe('the poll loop (scheduler, mail and webhook dispatchers)', () => {
  it('runs one pass at a time: a call while one runs joins it', async () => {
    const pass = gatedPass();
    const loop = createPollLoop({ run: pass.run, pollMs: 0, name: 'test' });
    const first = loop.runOnce();
    const second = loop.runOnce();
    expect(pass.started()).toBe(1);
    pass.release();
    expect(await first).toBe(1);
    expect(await second).toBe(1);
    const third = loop.runOnce();
    expect(pass.started()).toBe(2);
    pass.release();
    await third;
  });

  it('polls every pollMs once started, and stop waits for the pass in flight and tells it to stop', async () => {
    const seen: boolean[] = [];
    let passes = 0;
    let resolveSecond: () => void = () => {};
    const secondStarted = new Promise<void>((resolve) => {
      resolveSecond = resolve;
    });
    const loop = createPollLoop({
      pollMs: 5,
      name: 'test',
      run: async (stopping) => {
        passes++;
        if (passes === 2) resolveSecond();
        await new Promise((r) => setTimeout(r, 20));
        seen.push(stopping());
        return passes;
      },
    });
    loop.start();
    await secondStarted;
    await loop.stop();
    const after = passes;
    expect(seen.at(-1)).toBe(true); // the pass in flight saw the stop, and stop waited for it
    await new Promise((r) => setTimeout(r, 30));
    expect(passes).toBe(after); // no poll after stop
  });

  it('kick asks for a pass soon; with pollMs 0 there is no background loop and kick does nothing', async () => {
    let passes = 0;
    const run = async () => ++passes;
    const idle = createPollLoop({ run, pollMs: 0, name: 'test' });
    idle.start();
    idle.kick();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(0);

    const live = createPollLoop({ run, pollMs: 60_000, name: 'test' });
    live.start();
    live.kick();
    await expect.poll(() => passes).toBe(1);
    await live.stop();
    live.kick();
    await new Promise((r) => setTimeout(r, 20));
    expect(passes).toBe(1);
  });

  it('a failed pass is logged and the loop goes on polling', async () => {
    const warnings: string[] = [];
    const log = { warn: (_o: unknown, msg: string) => warnings.push(msg) } as never;
    let passes = 0;
    const loop = createPollLoop({
      pollMs: 5,
      log,
      name: 'outbox',
      run: async () => {
        passes++;
        if (passes === 1) throw new Error('database went away');
        return passes;
      },
    });
    loop.start();
    await expect.poll(() => passes).toBeGreaterThanOrEqual(2);
    await loop.stop();
    expect(warnings[0]).toBe('outbox poll failed');
  });
});
