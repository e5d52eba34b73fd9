import http from 'node:http';
import { FILE_MESSAGES } from '@shared/files';
import { expect, it, vi } from 'vitest';
import type { LocalStorage } from '../../storage/local-storage';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { client, MB, pendingCount, storageDrivers } from './files.client.test-support';
import { pdfBytes, putBytes } from './files.test-support';

// PRODUCT.md §8: every upload path counts the bytes it receives. Local storage counts the
// bytes of concurrent PUTs of one upload together; S3's presigned URLs sign the length they may carry.
const drivers = await storageDrivers();

/**
 * PUTs `total` bytes chunked (no Content-Length) over a real socket, 64 KB at a time; the status. With `hold`,
 * it stops after `hold.after` bytes, says so, and goes on when `hold.until` resolves.
 */
function streamPut(
  url: URL,
  total: number,
  hold?: { after: number; reached: () => void; until: Promise<void> },
): Promise<number> {
  const chunk = pdfBytes(64 * 1024);
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: 'PUT', headers: { 'content-type': 'application/pdf' } });
    req.on('response', (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', (err) => ((err as { code?: string }).code === 'ECONNRESET' ? resolve(413) : reject(err)));
    let sent = 0;
    let held = false;
    const pump = () => {
      while (sent < total) {
        if (hold && !held && sent >= hold.after) {
          held = true;
          hold.reached();
          return void hold.until.then(pump);
        }
        sent += chunk.length;
        // Every request yields after each chunk, so the bodies arrive interleaved.
        if (!req.write(chunk)) return req.once('drain', pump);
        return setImmediate(pump);
      }
      req.end();
    };
    pump();
  });
}

for (const [driver, config] of drivers) {
  describeEachDb(
    `upload limits on ${driver} storage`,
    (t) => {
      const c = client(t);
      let address: string | undefined;
      const listening = async () => {
        address ??= await t().app.listen({ host: '127.0.0.1', port: 0 });
        return address;
      };
      const local = (url: string) => new URL(url.slice(t().app.ctx.publicUrl.length), address);

      it.runIf(driver === 'local')(
        'counts the bytes of concurrent part PUTs of one upload together: never more than announced',
        async () => {
          const attorney = await buildAttorney(t().app);
          await listening();
          const declared = 4 * MB;
          const created = await c.as(attorney, {
            method: 'POST',
            url: '/api/uploads/s3/multipart',
            payload: { filename: 'm.pdf', type: 'application/pdf', metadata: { size: declared } },
          });
          const { key, uploadId } = created.json() as { key: string; uploadId: string };
          const q = `key=${encodeURIComponent(key)}`;
          const urls: string[] = [];
          for (let n = 1; n <= 6; n++) {
            const signed = await c.as(attorney, {
              method: 'GET',
              url: `/api/uploads/s3/multipart/${uploadId}/${n}?${q}`,
            });
            urls.push(signed.json().url);
          }
          // Six parts of 2 MB at once, 12 MB for a 4 MB file: no part may get the whole allowance to itself.
          const statuses = await Promise.all(urls.map((url) => streamPut(local(url), 2 * MB)));
          const accepted = statuses.filter((s) => s === 200).length;
          expect(statuses.filter((s) => s !== 200).every((s) => s === 413)).toBe(true);
          expect(accepted).toBeGreaterThanOrEqual(1);
          expect(accepted * 2 * MB).toBeLessThanOrEqual(declared);
          const parts = (
            await c.as(attorney, { method: 'GET', url: `/api/uploads/s3/multipart/${uploadId}?${q}` })
          ).json() as { PartNumber: number; Size: number }[];
          expect(parts).toHaveLength(accepted);
          expect(parts.reduce((sum, p) => sum + p.Size, 0)).toBeLessThanOrEqual(declared);
          // What was refused freed its room: parts that fit can still be sent, one more than that cannot.
          let room = declared - accepted * 2 * MB;
          for (const [i, url] of urls.entries()) {
            if (parts.some((p) => p.PartNumber === i + 1)) continue;
            const status = (await putBytes(t().app, url, pdfBytes(2 * MB), 'application/pdf')).status;
            expect(status).toBe(room >= 2 * MB ? 200 : 413);
            room -= 2 * MB;
          }
          // Nothing stays counted once the PUTs are over.
          expect((t().app.ctx.storage as LocalStorage).uploadsInFlight()).toBe(0);
        },
      );

      it.runIf(driver === 'local')('counts concurrent PUTs of one whole file together too', async () => {
        const attorney = await buildAttorney(t().app);
        await listening();
        const { uploadURL, objectPath } = await c.ticket(attorney, {
          filename: 'one.pdf',
          contentType: 'application/pdf',
          size: 3 * MB,
        });
        // Each PUT sends its first MB (3 MB together: all of them fit) and waits until the three are counted
        // together, so none can finish before the others have begun: otherwise a PUT that starts after another
        // has finished replaces it within the limit, and both are rightly stored.
        const key = `incoming/${objectPath.split('/').pop()}`;
        const storage = t().app.ctx.storage as LocalStorage;
        let go!: () => void;
        const until = new Promise<void>((resolve) => {
          go = resolve;
        });
        const reached: Promise<void>[] = [];
        const puts = [1, 2, 3].map(() => {
          let signal!: () => void;
          reached.push(new Promise((resolve) => (signal = () => resolve())));
          return streamPut(local(uploadURL), 3 * MB, { after: MB, reached: signal, until });
        });
        // A PUT that ends before the three are held fails the test at once, with its status, not at its timeout.
        let holding = true;
        const endedEarly = Promise.race(puts).then((status) => {
          if (holding) throw new Error(`a PUT ended with ${status} before the three were held`);
        });
        await Promise.race([Promise.all(reached), endedEarly]);
        holding = false;
        await vi.waitFor(() => expect(storage.putsInFlight(key)).toBe(3), { timeout: 10_000 });
        go();
        const statuses = await Promise.all(puts);
        expect(
          statuses.filter((s) => s === 200),
          String(statuses),
        ).toHaveLength(1);
        expect(statuses.filter((s) => s === 413)).toHaveLength(2);
        expect(await storage.size(key)).toBe(3 * MB);
      });

      it.runIf(driver === 's3')('signs the announced length into every presigned PUT', async () => {
        const attorney = await buildAttorney(t().app);
        const signedHeaders = (url: string) =>
          new URL(url).searchParams.get('X-Amz-SignedHeaders')?.split(';');
        const { uploadURL } = await c.ticket(attorney, {
          filename: 'a.pdf',
          contentType: 'application/pdf',
          size: 5000,
        });
        expect(signedHeaders(uploadURL)).toEqual(['content-length', 'host']);
        const params = await c.as(attorney, {
          method: 'GET',
          url: `/api/uploads/s3/params?${new URLSearchParams({ filename: 'p.pdf', type: 'application/pdf', 'metadata[size]': '7000' })}`,
        });
        expect(signedHeaders(params.json().url)).toEqual(['content-length', 'host']);
        // The file of that length goes in (S3 refuses any other length; s3rver does not check signatures).
        expect((await putBytes(t().app, uploadURL, pdfBytes(5000), 'application/pdf')).status).toBe(200);
      });

      it.runIf(driver === 's3')(
        "signs each part's length: the part size the settings give, the last part the rest, no part past the file",
        async () => {
          const attorney = await buildAttorney(t().app);
          const partBytes = config.uploads?.minPartBytes ?? 5 * MB;
          const size = partBytes + 1234;
          const created = await c.as(attorney, {
            method: 'POST',
            url: '/api/uploads/s3/multipart',
            payload: { filename: 'm.pdf', type: 'application/pdf', metadata: { size } },
          });
          const { key, uploadId } = created.json() as { key: string; uploadId: string };
          const sign = (n: number) =>
            c.as(attorney, {
              method: 'GET',
              url: `/api/uploads/s3/multipart/${encodeURIComponent(uploadId)}/${n}?key=${encodeURIComponent(key)}`,
            });
          for (const n of [1, 2]) {
            const url = new URL((await sign(n)).json().url);
            expect(url.searchParams.get('X-Amz-SignedHeaders')).toBe('content-length;host');
          }
          const past = await sign(3);
          expect(past.statusCode).toBe(400);
          expect(past.json().message).toBe('Part number must be between 1 and 2');
        },
      );

      it.runIf(driver === 's3')(
        'refuses an upload to S3 whose size is not announced (its length could not be signed)',
        async () => {
          const attorney = await buildAttorney(t().app);
          for (const res of [
            await c.as(attorney, { method: 'POST', url: '/api/objects/upload' }),
            await c.as(attorney, {
              method: 'POST',
              url: '/api/objects/upload',
              payload: { filename: 'a.pdf', contentType: 'application/pdf', size: 0 },
            }),
            await c.as(attorney, {
              method: 'GET',
              url: '/api/uploads/s3/params?filename=a.pdf&type=application%2Fpdf',
            }),
            await c.as(attorney, {
              method: 'POST',
              url: '/api/uploads/s3/multipart',
              payload: { filename: 'a.pdf', type: 'application/pdf' },
            }),
          ]) {
            expect(res.statusCode).toBe(400);
            expect(res.json()).toEqual({
              message: FILE_MESSAGES.sizeRequired,
              errors: { size: FILE_MESSAGES.sizeRequired },
            });
          }
          expect(await pendingCount(t, attorney.user.id)).toBe(0);
        },
      );
    },
    { config },
  );
}
