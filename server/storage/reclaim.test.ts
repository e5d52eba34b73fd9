import { describe, expect, it, vi } from 'vitest';
import { type Collect, createReclaim, exposedCollector, RECLAIM_EVERY_BYTES } from './reclaim';

const MB = 1024 * 1024;

describe('reclaim', () => {
  it('asks for one young-generation collection, asynchronously, every few megabytes streamed', () => {
    const collect = vi.fn<Collect>();
    const reclaim = createReclaim(() => collect);
    reclaim(RECLAIM_EVERY_BYTES - 1);
    expect(collect).not.toHaveBeenCalled();
    reclaim(1);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith({ type: 'minor', execution: 'async' });
    for (let i = 0; i < 64; i++) reclaim(64 * 1024);
    expect(collect).toHaveBeenCalledTimes(2);
  });

  it('collects on the spot for downloads (sync), every few megabytes sent', () => {
    const collect = vi.fn<Collect>();
    const reclaim = createReclaim(() => collect, 'sync');
    reclaim(RECLAIM_EVERY_BYTES);
    expect(collect).toHaveBeenCalledWith({ type: 'minor', execution: 'sync' });
  });

  it('streams on, collecting nothing, where the runtime exposes no collector', () => {
    const reclaim = createReclaim(() => null);
    expect(() => reclaim(RECLAIM_EVERY_BYTES * 2)).not.toThrow();
  });

  it('gets V8’s collector on this runtime (--expose-gc set at run time), which frees unreferenced buffers', async () => {
    const collect = exposedCollector();
    if (!collect) throw new Error('no collector exposed on this runtime');
    expect(() => collect({ type: 'minor', execution: 'async' })).not.toThrow();
    let chunks: Buffer[] | null = Array.from({ length: 200 }, (_, i) =>
      Buffer.allocUnsafeSlow(64 * 1024).fill(i),
    );
    const held = process.memoryUsage().arrayBuffers;
    if (chunks.length !== 200) throw new Error('allocation');
    chunks = null;
    // A full collection: a scavenge frees these only while they are young, and allocating 12.5 MB may
    // itself have started one that promoted them (the upload path's chunks live for microseconds).
    collect();
    // Their memory is returned by a sweeper thread, shortly after.
    const started = Date.now();
    while (held - process.memoryUsage().arrayBuffers < 10 * MB && Date.now() - started < 5000)
      await new Promise((r) => setTimeout(r, 20));
    expect(held - process.memoryUsage().arrayBuffers).toBeGreaterThan(10 * MB);
  });
});
