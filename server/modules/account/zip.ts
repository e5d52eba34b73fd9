import { once } from 'node:events';
import type { PassThrough, Readable } from 'node:stream';
import { ZipFile } from 'yazl';

/** Adds one entry; resolves once the reader has taken most of what came before (see streamZip). */
export type AddEntry = (name: string, data: Buffer, opts: { compress: boolean }) => Promise<void>;
/** Adds one entry read from a stream of `size` bytes, stored as it is; resolves once the stream is read. */
export type AddStream = (name: string, stream: Readable, size: number) => Promise<void>;

/**
 * A ZIP archive (yazl: ZIP64 when it must, UTF-8 names) streamed as `produce` adds its entries: each entry
 * is written out and let go before the next is made, so memory holds about one entry whatever the
 * archive's size. yazl writes an entry into its stream without waiting for the reader; `add` waits for the
 * stream to drain first, so a slow download slows `produce` down instead of piling up in memory.
 * `produce` gets a signal that aborts when the reader goes away (the stream is destroyed); when it throws,
 * the stream is destroyed with its error (the client sees a broken download, never a truncated ZIP that
 * looks whole).
 */
export function streamZip(
  at: Date,
  produce: (add: AddEntry, signal: AbortSignal, addStream: AddStream) => Promise<void>,
  onError: (err: unknown) => void,
): Readable {
  const zip = new ZipFile();
  // yazl's stream is a PassThrough (its types say only NodeJS.ReadableStream).
  const out = zip.outputStream as PassThrough;
  const gone = new AbortController();
  let produced = false;
  out.once('close', () => {
    if (!produced) gone.abort(new Error('the archive was closed before it was complete'));
  });
  const add: AddEntry = async (name, data, { compress }) => {
    if (out.writableNeedDrain) await once(out, 'drain', { signal: gone.signal });
    zip.addBuffer(data, name, { mtime: at, compress });
  };
  // A stream goes into the archive as the reader takes it: one entry's bytes at a time, never whole in memory.
  const addStream: AddStream = async (name, stream, size) => {
    if (out.writableNeedDrain) await once(out, 'drain', { signal: gone.signal });
    const done = once(stream, 'end', { signal: gone.signal });
    zip.addReadStream(stream, name, { mtime: at, compress: false, size });
    await done;
  };
  produce(add, gone.signal, addStream).then(
    () => {
      produced = true;
      zip.end();
    },
    (err: unknown) => {
      produced = true;
      if (!gone.signal.aborted) onError(err);
      out.destroy(err instanceof Error ? err : new Error(String(err)));
    },
  );
  return out;
}
