import { createHmac } from 'node:crypto';
import { Resolver } from 'node:dns/promises';
import { SHARED_MAIL_DOMAINS, SSO_DOMAIN_TXT_PREFIX, type SsoDomainProof } from '@shared/sso';
import type { AppContext, ResolveTxt } from '../../context';
import { verifiedMemberAt } from './sso.repo';

/**
 * A domain is claimed for a firm's single sign-on only when it is proven to be the firm's (PRODUCT.md §14;
 * without a proof any admin could have /auth send every address at someone else's domain to its provider):
 * - 'member': a member of the firm (the admin saving, or another) holds a verified address at exactly that
 *   domain — the proof that works offline: the address's mailbox answered our verification mail;
 * - 'dns': the domain has the TXT record `lateral-passport-verification=<the firm's token>`, read through
 *   `ctx.resolveTxt` (node's resolver by default; tests pass a fake, this machine has no outbound DNS).
 * A shared mail service (gmail.com…) is never proven: its addresses are their holders', not a firm's.
 */

/** node's resolver, asked once with a short timeout: a save waits at most a few seconds for DNS. */
export function systemResolveTxt(): ResolveTxt {
  const resolver = new Resolver({ timeout: 3000, tries: 1 });
  return (domain) => resolver.resolveTxt(domain);
}

/** The firm's token: derived from the app's secret and the firm's id, so it is stable and nobody else's. */
export function domainToken(ctx: AppContext, firmId: string): string {
  return createHmac('sha256', ctx.config.storageSecret)
    .update(`sso-domain-verification:${firmId}`)
    .digest('base64url')
    .slice(0, 32);
}

export const domainTxtRecord = (ctx: AppContext, firmId: string) =>
  `${SSO_DOMAIN_TXT_PREFIX}${domainToken(ctx, firmId)}`;

export const isSharedMailDomain = (domain: string) => SHARED_MAIL_DOMAINS.includes(domain);

/** How the firm proves the domain now, or undefined (a DNS failure is no proof, never an error). */
export async function proveDomain(
  ctx: AppContext,
  firmId: string,
  domain: string,
): Promise<SsoDomainProof | undefined> {
  if (isSharedMailDomain(domain)) return undefined;
  if (await verifiedMemberAt(ctx.db, firmId, domain)) return 'member';
  const expected = domainTxtRecord(ctx, firmId);
  try {
    const records = await ctx.resolveTxt(domain);
    if (records.some((chunks) => chunks.join('').trim() === expected)) return 'dns';
  } catch (err) {
    ctx.log.info({ domain, err: (err as Error).message }, 'sso: no TXT proof');
  }
  return undefined;
}
