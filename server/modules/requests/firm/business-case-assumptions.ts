import { type Assumptions, type AssumptionsInput, resolveAssumptions } from '@shared/business-case';
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { businessCaseAssumptions, firms } from '../../../db/schema';

/**
 * PRODUCT.md §12: the firm's business-case assumptions, stored per request (`business_case_assumptions`) over
 * the firm's defaults (`firms.business_case_defaults`). Here, with the request, so that the package PDF
 * (requests) and the workbench (business-case) read them alike; the attorney's side never calls these.
 */

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

/** The firm's defaults: its stored ones over §12's; client haircuts belong to a request, never to defaults. */
export async function firmDefaultAssumptions(db: Db | Tx, firmId: string): Promise<Assumptions> {
  const stored = (await readFirmDefaults(db, firmId)) as AssumptionsInput | null;
  return { ...resolveAssumptions(stored ?? {}), clientHaircuts: {} };
}

/** The request's assumptions: what it saved over the firm's defaults (left out: the default; haircuts: none). */
export async function requestAssumptions(db: Db | Tx, firmId: string, requestId: string) {
  const defaults = await firmDefaultAssumptions(db, firmId);
  const stored = (await readRequestAssumptions(db, requestId)) as AssumptionsInput | null;
  return resolveAssumptions(stored ?? {}, defaults);
}
