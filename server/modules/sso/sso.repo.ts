import type { FirmRole } from '@shared/team';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { firmInvitations, firmSso, ssoDomains, ssoLogins } from '../../db/schema';

/** The rows of single sign-on (PRODUCT.md §14): a firm's provider, its domains, the sign-ins under way. */
type Q = Db | Tx;

export type SsoRow = typeof firmSso.$inferSelect & { domains: string[] };

export async function readSso(db: Q, firmId: string): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(firmSso).where(eq(firmSso.firmId, firmId));
  if (!row) return undefined;
  const domains = await db
    .select({ domain: ssoDomains.domain })
    .from(ssoDomains)
    .where(eq(ssoDomains.firmId, firmId))
    .orderBy(asc(ssoDomains.domain));
  return { ...row, domains: domains.map((d) => d.domain) };
}

/** Upserts the firm's provider and replaces its domains (a domain of another firm: unique violation). */
export async function writeSso(
  tx: Tx,
  firmId: string,
  input: {
    issuer: string;
    clientId: string;
    clientSecretCiphertext: string;
    requireSso: boolean;
    domains: string[];
  },
) {
  const { domains, ...values } = input;
  await tx
    .insert(firmSso)
    .values({ firmId, ...values })
    .onConflictDoUpdate({ target: firmSso.firmId, set: { ...values, updatedAt: new Date() } });
  await tx.delete(ssoDomains).where(eq(ssoDomains.firmId, firmId));
  if (domains.length) await tx.insert(ssoDomains).values(domains.map((domain) => ({ domain, firmId })));
}

/** The firm whose provider signs in this domain, with its settings. */
export async function ssoForDomain(db: Q, domain: string) {
  const [row] = await db
    .select({ sso: firmSso })
    .from(ssoDomains)
    .innerJoin(firmSso, eq(firmSso.firmId, ssoDomains.firmId))
    .where(eq(ssoDomains.domain, domain));
  return row?.sso;
}

export async function insertSsoLogin(db: Q, values: typeof ssoLogins.$inferInsert) {
  await db.insert(ssoLogins).values(values);
}

/** The sign-in a cookie names, removed as it is read: a callback is answered once (no replay). */
export async function takeSsoLogin(db: Q, id: string) {
  const [row] = await db
    .delete(ssoLogins)
    .where(and(eq(ssoLogins.id, id), gt(ssoLogins.expiresAt, new Date())))
    .returning();
  return row;
}

/** The open, unexpired invitation of this address to this firm, locked for its acceptance. */
export async function lockOpenInvitationTo(tx: Tx, firmId: string, email: string) {
  const [row] = await tx
    .select()
    .from(firmInvitations)
    .where(
      and(
        eq(firmInvitations.firmId, firmId),
        eq(firmInvitations.email, email),
        isNull(firmInvitations.acceptedAt),
        isNull(firmInvitations.cancelledAt),
        gt(firmInvitations.expiresAt, new Date()),
      ),
    )
    .for('update');
  return row as (typeof firmInvitations.$inferSelect & { roles: FirmRole[] }) | undefined;
}
