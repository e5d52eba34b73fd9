import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { reclaimingStream } from './storage';

describe('reclaimingStream (a download on its way out)', () => {
  it('passes every byte through, in order', async () => {
    const chunks = [Buffer.from('%PDF-'), Buffer.alloc(100_000, 1), Buffer.from('end')];
    const out: Buffer[] = [];
    for await (const chunk of reclaimingStream(Readable.from(chunks))) out.push(chunk as Buffer);
    expect(Buffer.concat(out).equals(Buffer.concat(chunks))).toBe(true);
  });

  it('lets the source go when the client goes away (the stream is destroyed)', async () => {
    let read = 0;
    const source = new Readable({
      read() {
        read++;
        // As a socket does: the next chunk arrives later, never within the same tick.
        setImmediate(() => this.push(Buffer.alloc(64 * 1024)));
      },
    });
    const stream = reclaimingStream(source);
    stream.resume();
    await new Promise((r) => setTimeout(r, 10));
    stream.destroy();
    await new Promise((r) => setTimeout(r, 10));
    expect(read).toBeGreaterThan(0);
    expect(source.destroyed).toBe(true);
  });

  it('ends with the error of a source that fails (storage went away mid-file)', async () => {
    const source = new Readable({ read() {} });
    const stream = reclaimingStream(source);
    const failed = new Promise((resolve) => stream.on('error', resolve));
    source.destroy(new Error('socket hang up'));
    expect(((await failed) as Error).message).toBe('socket hang up');
  });
});
