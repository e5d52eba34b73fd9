import v8 from 'node:v8';
import vm from 'node:vm';

/**
 * Memory of streamed request bodies, handed back as the bytes go by rather than in tens of megabytes.
 *
 * Node's HTTP parser copies every chunk of a body into a Buffer of its own (up to 64 KB each). Once a
 * chunk is on disk nothing refers to it, but V8 frees its memory only at a garbage collection, and with
 * no other work going on the only thing that starts one is "external memory pressure", which V8 reads
 * every few tens of megabytes. Concurrent uploads thus hold tens of megabytes of chunks already written
 * (bench/load.ts, BENCHMARKS.md, Uploads). A young-generation collection every RECLAIM_EVERY_BYTES
 * streamed (a scavenge: short, off the main thread's critical path, asked for asynchronously) bounds that to
 * a few megabytes.
 *
 * V8 exposes the collector only to processes started with --expose-gc; it is turned on here, once, for
 * this purpose alone (the flag adds the `gc` function to new contexts and changes nothing else).
 */
export const RECLAIM_EVERY_BYTES = 4 * 1024 * 1024;

/** V8's gc(): a full collection without options, a scavenge with type 'minor'. */
export type Collect = (options?: { type: 'minor'; execution: 'async' | 'sync' }) => unknown;

/** V8's collector, exposed once for this purpose; null where the runtime refuses (nothing is collected then). */
export function exposedCollector(): Collect | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    return vm.runInNewContext('gc') as Collect;
  } catch {
    return null;
  }
}

/**
 * Counts bytes of a streamed body that are already written; every RECLAIM_EVERY_BYTES, collects. Uploads ask
 * for the collection asynchronously; downloads (`execution: 'sync'`) at once: with the asynchronous one,
 * concurrent downloads from S3 still held tens of megabytes (the socket reads' buffers are swept by a
 * background thread, which a busy machine starves); a short scavenge on the spot keeps them to a few, and is
 * no slower (bench/downloads.ts, BENCHMARKS.md, Downloads).
 */
export function createReclaim(collector: () => Collect | null, execution: 'async' | 'sync' = 'async') {
  let collect: Collect | null | undefined;
  let streamed = 0;
  return (bytes: number) => {
    streamed += bytes;
    if (streamed < RECLAIM_EVERY_BYTES) return;
    streamed = 0;
    if (collect === undefined) collect = collector();
    collect?.({ type: 'minor', execution });
  };
}

export const reclaimAfter = createReclaim(exposedCollector);
/** The same for the bytes of downloads as they go out, collected on the spot. */
export const reclaimAfterSending = createReclaim(exposedCollector, 'sync');
