import type { PositionLpqFacts } from '@shared/prefill';
import { and, desc, eq, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { positionLpqs } from '../../../db/schema';

/**
 * The formData of the attorney's most recently saved or submitted position LPQ other than this request's:
 * what a new position LPQ takes when no other source holds an answer (enter once: shared/prefill.ts). A
 * draft is only a prefill nobody has looked at, so it never counts. Never the firm answers: they belong to
 * one firm.
 */
export async function latestOtherPositionLpq(
  db: Db | Tx,
  attorneyUserId: string,
  requestId: string,
): Promise<PositionLpqFacts['previousLpq']> {
  const [row] = await db
    .select({ formData: positionLpqs.formData })
    .from(positionLpqs)
    .where(
      and(
        eq(positionLpqs.attorneyUserId, attorneyUserId),
        ne(positionLpqs.requestId, requestId),
        inArray(positionLpqs.status, ['in_progress', 'submitted']),
      ),
    )
    .orderBy(desc(positionLpqs.updatedAt), desc(positionLpqs.id))
    .limit(1);
  return row?.formData ?? null;
}
