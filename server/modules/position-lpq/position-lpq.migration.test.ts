import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { firmRequestCounts, lpqRequests, positionLpqs } from '../../db/schema';
import { describeEachDb } from '../../test/harness';
import { positionLpqClient } from './position-lpq.test-support';

/**
 * PRODUCT.md §5 (Under Review is only ever the firm's own action): the hand-written data migration
 * 'submission-is-not-review' puts back the requests that a submission (not the firm) had moved to Under
 * Review, and leaves the firm's own marks alone.
 */
const dir = path.join(import.meta.dirname, '../../db/migrations');
const file = readdirSync(dir).find((f) => f.endsWith('_submission_is_not_review.sql'));
const migrationSql = readFileSync(path.join(dir, file ?? 'missing.sql'), 'utf8');

describeEachDb('data migration: a submission is not a review', (t) => {
  const { inject, sharedLpq, status } = positionLpqClient(t);
  const submit = (cookie: string, lpqId: string) =>
    inject({
      method: 'PUT',
      url: `/api/lpqs/${lpqId}/complete`,
      headers: { cookie },
      payload: {
        formData: { name: 'Casey Nguyen', email: 'casey@example.com' },
        firmAnswers: { 'fit-1': 'Yes' },
      },
    });

  it('moves back what the old submit marked Under Review; the firm’s own marks and its counts stay right', async () => {
    // As the old code left it: submitted, and reviewed at the very moment of the submission.
    const old = await sharedLpq();
    expect((await submit(old.attorney.cookie, old.lpqId)).statusCode).toBe(200);
    const [lpq] = await t().db.select().from(positionLpqs).where(eq(positionLpqs.id, old.lpqId));
    await t()
      .db.update(lpqRequests)
      .set({ status: 'reviewed', reviewedAt: lpq.submittedAt })
      .where(eq(lpqRequests.id, old.requestId));
    // Marked Under Review by the firm, then submitted: not the submission's doing.
    const marked = await sharedLpq();
    const res = await inject({
      method: 'POST',
      url: `/api/firm/lpq-requests/${marked.requestId}/status`,
      headers: { cookie: marked.firm.cookie },
      payload: { status: 'reviewed' },
    });
    expect(res.statusCode).toBe(200);
    expect((await submit(marked.attorney.cookie, marked.lpqId)).statusCode).toBe(200);

    await t().db.execute(sql.raw(migrationSql));

    expect(await status(old.requestId)).toBe('in_progress');
    const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, old.requestId));
    expect(row.reviewedAt).toBeNull();
    expect(await status(marked.requestId)).toBe('reviewed');
    const counts = await t()
      .db.select()
      .from(firmRequestCounts)
      .where(and(eq(firmRequestCounts.firmId, old.firm.firmId)));
    expect(Object.fromEntries(counts.filter((c) => c.count > 0).map((c) => [c.status, c.count]))).toEqual({
      in_progress: 1,
    });
  });
});
