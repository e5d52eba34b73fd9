import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/harness';
import { sharingControlClient } from '../sharing/sharing-control.test-support';

/** PRODUCT.md §4, documents as named links: each links to the app's own download in the PDF. */
describeEachDb('package PDF', (t) => {
  const { post, get, world } = sharingControlClient(t);

  it('links each document by its name to its download on the public address', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const pdf = await get(w.firm, `${w.firmUrl}/package.pdf`);
    expect(pdf.statusCode).toBe(200);
    const body = Buffer.from(pdf.rawPayload).toString('latin1');
    const href = `${t().app.ctx.publicUrl}/objects/${w.doc.id}?inline=1`;
    expect(body).toContain(`/URI (${href})`);
  });
});
