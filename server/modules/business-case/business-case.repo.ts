import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { businessCaseAssumptions, firms } from '../../db/schema';

/** The firm's stored defaults for new requests (PRODUCT.md §12), null when it has set none. */
export async function readFirmDefaults(db: Db | Tx, firmId: string) {
  const [row] = await db
    .select({ defaults: firms.businessCaseDefaults })
    .from(firms)
    .where(eq(firms.id, firmId));
  return row?.defaults ?? null;
}

export async function writeFirmDefaults(tx: Tx, firmId: string, defaults: Record<string, unknown>) {
  await tx
    .update(firms)
    .set({ businessCaseDefaults: defaults, updatedAt: new Date() })
    .where(eq(firms.id, firmId));
}

/** The request's assumptions as the firm last saved them (the body it sent), null when none. */
export async function readRequestAssumptions(db: Db | Tx, requestId: string) {
  const [row] = await db
    .select({ assumptions: businessCaseAssumptions.assumptions })
    .from(businessCaseAssumptions)
    .where(eq(businessCaseAssumptions.requestId, requestId));
  return row?.assumptions ?? null;
}

export async function writeRequestAssumptions(
  tx: Tx,
  requestId: string,
  assumptions: Record<string, unknown>,
  userId: string,
) {
  const now = new Date();
  await tx
    .insert(businessCaseAssumptions)
    .values({ requestId, assumptions, updatedByUserId: userId, updatedAt: now })
    .onConflictDoUpdate({
      target: businessCaseAssumptions.requestId,
      set: { assumptions, updatedByUserId: userId, updatedAt: now },
    });
}
