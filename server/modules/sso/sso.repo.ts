import type { SsoDomainProof } from '@shared/sso';
import type { FirmRole } from '@shared/team';
import { and, asc, eq, gt, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { firmInvitations, firmMembers, firmSso, ssoDomains, ssoLogins, users } from '../../db/schema';

/** The rows of single sign-on (PRODUCT.md §14): a firm's provider, its domains, the sign-ins under way. */
type Q = Db | Tx;

export type DomainClaim = { domain: string; provenBy: SsoDomainProof | null; provenAt: Date | null };
/** `domains`: every claim; `provenDomains`: the ones proven, the only ones a sign-in uses. */
export type SsoRow = typeof firmSso.$inferSelect & {
  domains: string[];
  provenDomains: string[];
  claims: DomainClaim[];
};

export async function readSso(db: Q, firmId: string): Promise<SsoRow | undefined> {
  const [row] = await db.select().from(firmSso).where(eq(firmSso.firmId, firmId));
  if (!row) return undefined;
  const claims = await db
    .select({ domain: ssoDomains.domain, provenBy: ssoDomains.provenBy, provenAt: ssoDomains.provenAt })
    .from(ssoDomains)
    .where(eq(ssoDomains.firmId, firmId))
    .orderBy(asc(ssoDomains.domain));
  return {
    ...row,
    claims,
    domains: claims.map((d) => d.domain),
    provenDomains: claims.filter((d) => d.provenBy).map((d) => d.domain),
  };
}

/** Whether a member of the firm holds a verified address at exactly this domain (the 'member' proof). */
export async function verifiedMemberAt(db: Q, firmId: string, domain: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(firmMembers)
    .innerJoin(users, eq(users.id, firmMembers.userId))
    .where(
      and(
        eq(firmMembers.firmId, firmId),
        isNotNull(users.emailVerifiedAt),
        eq(sql`split_part(lower(${users.email}), '@', 2)`, domain),
      ),
    )
    .limit(1);
  return !!row;
}

/**
 * Upserts the firm's provider and replaces its domains, each proven (a proven domain of another firm:
 * unique violation). Another firm's unproven claim (made before proofs were asked for) gives way to a
 * proven one: it never signed anyone in.
 */
export async function writeSso(
  tx: Tx,
  firmId: string,
  input: {
    issuer: string;
    clientId: string;
    clientSecretCiphertext: string;
    requireSso: boolean;
    domains: { domain: string; provenBy: SsoDomainProof; provenAt: Date }[];
  },
) {
  const { domains, ...values } = input;
  await tx
    .insert(firmSso)
    .values({ firmId, ...values })
    .onConflictDoUpdate({ target: firmSso.firmId, set: { ...values, updatedAt: new Date() } });
  await tx.delete(ssoDomains).where(eq(ssoDomains.firmId, firmId));
  if (!domains.length) return;
  await tx.delete(ssoDomains).where(
    and(
      inArray(
        ssoDomains.domain,
        domains.map((d) => d.domain),
      ),
      ne(ssoDomains.firmId, firmId),
      isNull(ssoDomains.provenBy),
    ),
  );
  await tx.insert(ssoDomains).values(domains.map((d) => ({ ...d, firmId })));
}

/** The firm whose provider signs in this domain, with its settings: a proven claim only. */
export async function ssoForDomain(db: Q, domain: string) {
  const [row] = await db
    .select({ sso: firmSso })
    .from(ssoDomains)
    .innerJoin(firmSso, eq(firmSso.firmId, ssoDomains.firmId))
    .where(and(eq(ssoDomains.domain, domain), isNotNull(ssoDomains.provenBy)));
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
