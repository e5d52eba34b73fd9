import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accessEvents, users } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { positionLpqClient } from '../position-lpq/position-lpq.test-support';
import { describeEachDriver, MB } from './files.client.test-support';
import { pdfBytes, sha256 } from './files.test-support';

// PRODUCT.md §5, §8: a document is served through the app on both drivers, so a link
// handed out before a revoke or the end of access dies at once, and every read is recorded before a byte leaves.
await describeEachDriver('downloads', (t, { c }) => {
  const { sharedLpq } = positionLpqClient(t);

  /** A shared request whose position LPQ attaches one document of the attorney's. */
  async function sharedDocument(bytes = pdfBytes(3 * MB, 'shared')) {
    const { firm, attorney, requestId, lpqId } = await sharedLpq();
    const file = await c.uploadReady(attorney, bytes, 'Writing sample.pdf');
    const saved = await c.as(attorney, {
      method: 'PUT',
      url: `/api/lpqs/${lpqId}`,
      payload: { formData: { name: 'Casey Nguyen', documents: [file] } },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const events = () =>
      t()
        .db.select()
        .from(accessEvents)
        .where(and(eq(accessEvents.requestId, requestId), eq(accessEvents.fileId, file.id)));
    return { firm, attorney, requestId, file, bytes, events };
  }

  it('streams the bytes from the app itself, with their type, length and name: never a redirect to storage', async () => {
    const attorney = await buildAttorney(t().app);
    const bytes = pdfBytes(2 * MB + 123, 'stream');
    const file = await c.uploadReady(attorney, bytes, 'Résumé 2024.pdf');
    const res = await c.as(attorney, { method: 'GET', url: `/objects/${file.id}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-length']).toBe(String(bytes.length));
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="R_sum_ 2024.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%202024.pdf`,
    );
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(sha256(res.rawPayload)).toBe(sha256(bytes));
    const inline = await c.as(attorney, { method: 'GET', url: `/objects/${file.id}?inline=1` });
    expect(inline.headers['content-disposition']).toMatch(/^inline; filename="R_sum_ 2024.pdf"/);
    expect(sha256(inline.rawPayload)).toBe(sha256(bytes));
  });

  it('serves a document to an API token with packages:read, recorded as the token’s read; requests:read alone gets nothing', async () => {
    const w = await sharedDocument();
    const tokenOf = async (name: string, scopes: string[]) => {
      const res = await c.as(w.firm, {
        method: 'POST',
        url: '/api/firm/api-tokens',
        payload: { name, scopes },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().token as string;
    };
    const reader = await tokenOf('Greenhouse', ['packages:read']);
    const pipeline = await tokenOf('Pipeline sync', ['requests:read']);
    const withToken = (token: string) =>
      t().app.inject({ method: 'GET', url: w.file.url, headers: { authorization: `Bearer ${token}` } });

    const refused = await withToken(pipeline);
    expect(refused.statusCode).toBe(403);
    expect(await w.events()).toEqual([]);

    const got = await withToken(reader);
    expect(got.statusCode).toBe(200);
    expect(sha256(got.rawPayload)).toBe(sha256(w.bytes));
    const events = await w.events();
    expect(events.map((e) => e.kind)).toEqual(['document_download']);
    const [who] = await t()
      .db.select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, events[0].firmUserId as string));
    expect(`${who.firstName} ${who.lastName}`).toBe('API token Greenhouse');
  });

  it("records a firm's download before the bytes leave, and serves nothing once the attorney revokes", async () => {
    const w = await sharedDocument();
    const got = await c.as(w.firm, { method: 'GET', url: w.file.url });
    expect(got.statusCode).toBe(200);
    expect(got.headers.location).toBeUndefined();
    expect(sha256(got.rawPayload)).toBe(sha256(w.bytes));
    expect((await w.events()).map((e) => e.kind)).toEqual(['document_download']);

    const revoked = await c.as(w.attorney, {
      method: 'POST',
      url: `/api/attorney/lpq-requests/${w.requestId}/revoke`,
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    // The link the firm was handed: gone at once, and nothing else (no signed storage URL) was handed out.
    for (const query of ['', '?inline=1']) {
      const after = await c.as(w.firm, { method: 'GET', url: `${w.file.url}${query}` });
      expect(after.statusCode).toBe(404);
      expect(after.json()).toEqual({ message: 'Not Found' });
    }
    expect(await w.events()).toHaveLength(1);
  });

  it('answers a HEAD with the headers only: nothing read from storage, nothing recorded', async () => {
    const w = await sharedDocument(pdfBytes(5000, 'head'));
    const head = await c.as(w.firm, { method: 'HEAD', url: w.file.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('application/pdf');
    expect(head.headers['content-length']).toBe('5000');
    expect(head.headers['content-disposition']).toMatch(/^attachment; filename="Writing sample.pdf"/);
    expect(head.body).toBe('');
    expect(await w.events()).toEqual([]);
    expect((await c.as(null, { method: 'HEAD', url: w.file.url })).statusCode).toBe(401);
    const stranger = await buildAttorney(t().app);
    expect((await c.as(stranger, { method: 'HEAD', url: w.file.url })).statusCode).toBe(404);
  });
});
