import { randomBytes } from 'node:crypto';
import type { User } from '@shared/auth';
import { PENDING_LOGIN_MS, type SecondFactorMethod } from '@shared/security';
import {
  emailDomain,
  SSO_LIMITS,
  SSO_MESSAGES,
  type SsoDomainProof,
  type SsoRefusal,
  type ssoSettingsSchema,
} from '@shared/sso';
import type { z } from 'zod';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { badRequest, conflict, HttpError } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { SSO_MFA_AUTH_METHOD } from '../../policies/session-scope';
import { ssoPolicies as policies } from '../../policies/sso.policy';
import { createUser } from '../auth/accounts';
import { newToken } from '../auth/crypto';
import { createPendingLogin, secondFactorMethods, secondFactorsOf } from '../auth/second-factors';
import { createSession, deleteSession, signedInUser } from '../auth/sessions';
import { afterSignIn } from '../auth/sign-in-limits';
import { findUserByEmail, markEmailVerified } from '../auth/users.repo';
import { decryptSecret, encryptSecret } from '../security/security.crypto';
import { recordMemberAudit } from '../team/firm-audit';
import { findMembership, insertMembership, recordFirmAudit, updateInvitation } from '../team/team.repo';
import { domainTxtRecord, isSharedMailDomain, proveDomain } from './sso.domain-proof';
import { authorizationUrl, canDiscover, issuerAllowed, redeemCallback } from './sso.oidc';
import {
  insertSsoLogin,
  lockOpenInvitationTo,
  readSso,
  type SsoRow,
  ssoForDomain,
  takeSsoLogin,
  writeSso,
} from './sso.repo';

/**
 * Single sign-on with the firm's OpenID provider (PRODUCT.md §14). The settings are the admins'; a sign-in
 * starts from an address whose domain a firm's provider signs in, comes back to the callback with the
 * state, nonce and PKCE verifier this browser's record holds (used once), and signs in the member the
 * verified `email` claim names, or accepts that address's open invitation. Nobody else gets an account.
 */

export const callbackPath = '/api/auth/sso/callback';
const redirectUri = (ctx: AppContext) => `${ctx.publicUrl}${callbackPath}`;

type SettingsInput = z.output<typeof ssoSettingsSchema>;

const present = (ctx: AppContext, firmId: string, row: SsoRow | undefined) => ({
  issuer: row?.issuer ?? '',
  clientId: row?.clientId ?? '',
  clientSecretSet: !!row,
  domains: row?.domains ?? [],
  unprovenDomains: row ? row.domains.filter((d) => !row.provenDomains.includes(d)) : [],
  domainTxtRecord: domainTxtRecord(ctx, firmId),
  requireSso: row?.requireSso ?? false,
  redirectUri: redirectUri(ctx),
});

const providerOf = (
  ctx: AppContext,
  row: Pick<SsoRow, 'issuer' | 'clientId' | 'clientSecretCiphertext'>,
) => ({
  issuer: row.issuer,
  clientId: row.clientId,
  clientSecret: decryptSecret(ctx.config.storageSecret, row.clientSecretCiphertext),
});

export async function getSsoSettings(ctx: AppContext, actor: Actor) {
  const admin = authorize(policies.administer, actor);
  return present(ctx, admin.firm.id, await readSso(ctx.db, admin.firm.id));
}

/** PUT /api/firm/settings/sso: the provider must answer its discovery document; the secret is kept if left out. */
export async function saveSsoSettings(ctx: AppContext, actor: Actor, input: SettingsInput) {
  const admin = authorize(policies.administer, actor);
  const issuer = input.issuer.replace(/\/+$/, '');
  if (!issuerAllowed(ctx.config, issuer))
    throw badRequest(SSO_MESSAGES.issuerHttpsOnly, { issuer: SSO_MESSAGES.issuerHttpsOnly });
  const before = await readSso(ctx.db, admin.firm.id);
  const secret = input.clientSecret?.trim();
  if (!secret && !before)
    throw badRequest(SSO_MESSAGES.clientSecretRequired, { clientSecret: SSO_MESSAGES.clientSecretRequired });
  const clientSecretCiphertext = secret
    ? encryptSecret(ctx.config.storageSecret, secret)
    : before!.clientSecretCiphertext;
  const provider = providerOf(ctx, { issuer, clientId: input.clientId, clientSecretCiphertext });
  if (!(await canDiscover(provider)))
    throw badRequest(SSO_MESSAGES.discoveryFailed, { issuer: SSO_MESSAGES.discoveryFailed });
  const domains = await provenDomains(ctx, admin.firm.id, [...new Set(input.domains)], before);
  try {
    await ctx.db.transaction(async (tx) => {
      await writeSso(tx, admin.firm.id, {
        issuer,
        clientId: input.clientId,
        clientSecretCiphertext,
        requireSso: input.requireSso,
        domains,
      });
      await recordMemberAudit(tx, admin, {
        action: 'sso_changed',
        subject: 'sso',
        // Never the secret: only whether it changed.
        detail: {
          issuer,
          domains: domains.map((d) => d.domain),
          proofs: Object.fromEntries(domains.map((d) => [d.domain, d.provenBy])),
          requireSso: input.requireSso,
          clientSecretChanged: !!secret,
        },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(SSO_MESSAGES.domainTaken);
    throw err;
  }
  return present(ctx, admin.firm.id, await readSso(ctx.db, admin.firm.id));
}

/**
 * Every domain proven, or a 400 naming the first that is not (checked before the uniqueness across firms,
 * so only a firm that proved a domain learns another firm holds it). A domain the firm proved before keeps
 * its proof; a new one, or one left unproven by the migration, is proven now.
 */
async function provenDomains(ctx: AppContext, firmId: string, domains: string[], before: SsoRow | undefined) {
  const now = new Date();
  const proven: { domain: string; provenBy: SsoDomainProof; provenAt: Date }[] = [];
  for (const [i, domain] of domains.entries()) {
    const kept = before?.claims.find((c) => c.domain === domain && c.provenBy);
    if (kept) {
      proven.push({ domain, provenBy: kept.provenBy!, provenAt: kept.provenAt ?? now });
      continue;
    }
    const provenBy = await proveDomain(ctx, firmId, domain);
    if (!provenBy) {
      const message = isSharedMailDomain(domain)
        ? SSO_MESSAGES.domainShared(domain)
        : SSO_MESSAGES.domainUnproven(domain);
      throw badRequest(message, { [`domains.${i}`]: message });
    }
    proven.push({ domain, provenBy, provenAt: now });
  }
  return proven;
}

/** GET /api/auth/sso/discover: only whether the domain has a provider (a proven claim), never which firm. */
export async function discoverSso(ctx: AppContext, actor: Actor, input: { email: string }) {
  authorize(policies.signIn, actor);
  return { sso: !!(await ssoForDomain(ctx.db, emailDomain(input.email))) };
}

/** A sign-in sent to the provider: its record (named by the cookie's hash) and where the browser goes. */
async function sendToProvider(
  ctx: AppContext,
  sso: Pick<SsoRow, 'firmId' | 'issuer' | 'clientId' | 'clientSecretCiphertext'>,
  opts: { loginHint?: string; returnTo?: string | null; testedBy?: string },
) {
  const { url, secrets } = await authorizationUrl(providerOf(ctx, sso), {
    redirectUri: redirectUri(ctx),
    loginHint: opts.loginHint,
  });
  const { token, hash } = newToken();
  await insertSsoLogin(ctx.db, {
    id: hash,
    firmId: sso.firmId,
    ...secrets,
    returnTo: opts.returnTo ?? null,
    testedBy: opts.testedBy ?? null,
    expiresAt: new Date(Date.now() + SSO_LIMITS.loginTtlMs),
  });
  return { location: url.href, token };
}

/** GET /api/auth/sso/start: 404 for an address whose domain no firm's provider signs in. */
export async function startSso(
  ctx: AppContext,
  actor: Actor,
  input: { email: string; returnTo: string | null },
) {
  authorize(policies.signIn, actor);
  const sso = await ssoForDomain(ctx.db, emailDomain(input.email));
  if (!sso) throw new HttpError(404, SSO_MESSAGES.noSso);
  return sendToProvider(ctx, sso, { loginHint: input.email, returnTo: input.returnTo });
}

/** GET /api/firm/settings/sso/test: the saved provider, once, signing nobody in. */
export async function startSsoTest(ctx: AppContext, actor: Actor) {
  const admin = authorize(policies.administer, actor);
  const sso = await readSso(ctx.db, admin.firm.id);
  if (!sso) throw new HttpError(404, SSO_MESSAGES.notConfigured);
  return sendToProvider(ctx, sso, { testedBy: admin.id });
}

type Client = { ip: string; userAgent?: string };

export type SsoOutcome =
  | { kind: 'signed-in'; user: User; session: { token: string; expiresAt: Date }; returnTo: string | null }
  | { kind: 'second-factor'; pending: { token: string; expiresAt: Date }; methods: SecondFactorMethod[] }
  | { kind: 'refused'; reason: SsoRefusal; email?: string }
  | { kind: 'tested'; ok: true; email: string }
  | { kind: 'tested'; ok: false };

/**
 * GET /api/auth/sso/callback. The record the cookie names is taken (a replayed or forged answer finds
 * none); the library redeems the code with its PKCE verifier and checks the ID token's signature, issuer,
 * audience, nonce and expiry, and the state. Then the `email` claim, verified by the provider and of one of
 * the firm's domains, names the member, or the open invitation to accept.
 */
export async function finishSso(
  ctx: AppContext,
  actor: Actor,
  input: {
    loginId: string | null;
    callbackUrl: URL;
    previousSessionId: string | null;
    client: Client;
  },
): Promise<SsoOutcome> {
  authorize(policies.signIn, actor);
  const failed = { kind: 'refused', reason: 'failed' } as const;
  const login = input.loginId ? await takeSsoLogin(ctx.db, input.loginId) : undefined;
  if (!login) return failed;
  const sso = await readSso(ctx.db, login.firmId);
  if (!sso) return failed;
  let claims: Awaited<ReturnType<typeof redeemCallback>>;
  try {
    claims = await redeemCallback(providerOf(ctx, sso), {
      callbackUrl: input.callbackUrl,
      secrets: login,
    });
  } catch (err) {
    ctx.log.warn({ err: (err as Error).message, firmId: login.firmId }, 'sso: callback refused');
    return login.testedBy ? { kind: 'tested', ok: false } : failed;
  }
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const usable = email.includes('@') && claims.email_verified === true;
  if (login.testedBy) return usable ? { kind: 'tested', ok: true, email } : { kind: 'tested', ok: false };
  if (!usable) return failed;
  // The provider speaks for the firm's own domains only, and only those proven to be the firm's.
  if (!sso.provenDomains.includes(emailDomain(email)))
    return { kind: 'refused', reason: 'no-account', email };
  const userId = await memberOrInvitee(ctx, sso.firmId, email, claims);
  if (!userId) return { kind: 'refused', reason: 'no-account', email };
  return signIn(ctx, {
    userId,
    email,
    mfa: Array.isArray(claims.amr) && claims.amr.includes('mfa'),
    returnTo: login.returnTo,
    previousSessionId: input.previousSessionId,
    client: input.client,
  });
}

/**
 * The member of this firm with the address, or the account the address's open invitation makes (a new
 * account with the provider's names, or an existing firm account without a firm); undefined for anyone
 * else (an attorney's address, a member of another firm, a stranger).
 */
async function memberOrInvitee(
  ctx: AppContext,
  firmId: string,
  email: string,
  claims: Record<string, unknown>,
): Promise<string | undefined> {
  const joined = await ctx.db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing?.userType === 'attorney') return undefined;
    const membership = existing ? await findMembership(tx, existing.id) : undefined;
    if (membership) return membership.firmId === firmId ? { id: existing!.id } : undefined;
    const invitation = await lockOpenInvitationTo(tx, firmId, email);
    if (!invitation) return undefined;
    const placement = { firmId, roles: invitation.roles };
    let user: Pick<User, 'id' | 'firstName' | 'lastName'>;
    if (existing) {
      await markEmailVerified(tx, existing.id);
      await insertMembership(tx, existing.id, placement);
      user = existing;
    } else {
      const name = (v: unknown, fallback: string) =>
        typeof v === 'string' && v.trim() ? v.trim().slice(0, 100) : fallback;
      user = await createUser(
        tx,
        ctx,
        {
          email,
          // The account signs in through the provider; a password no one knows until they set one.
          password: randomBytes(32).toString('base64url'),
          firstName: name(claims.given_name, email.split('@')[0]),
          lastName: name(claims.family_name, '-'),
          userType: 'firm',
        },
        { joinFirm: placement, verified: true },
      );
    }
    await updateInvitation(tx, invitation.id, { acceptedAt: new Date() });
    await recordFirmAudit(tx, {
      firmId,
      actor: { id: user.id, name: `${user.firstName} ${user.lastName}`.trim() },
      action: 'member_joined',
      subject: email,
      detail: { roles: invitation.roles, via: 'sso' },
    });
    return { id: user.id };
  });
  return joined?.id;
}

/**
 * The session a password sign-in makes (createSession, a new id, the previous one ended). An account with
 * a second factor is asked for it as after a password, unless the provider says it did multi-factor
 * (`amr` has `mfa`).
 */
async function signIn(
  ctx: AppContext,
  input: {
    userId: string;
    email: string;
    mfa: boolean;
    returnTo: string | null;
    previousSessionId: string | null;
    client: Client;
  },
): Promise<SsoOutcome> {
  if (!input.mfa) {
    const methods = secondFactorMethods(await secondFactorsOf(ctx.db, input.userId));
    if (methods.length > 0) {
      const pending = await createPendingLogin(ctx.db, input.userId, PENDING_LOGIN_MS);
      return { kind: 'second-factor', pending, methods };
    }
  }
  await afterSignIn(ctx, { email: input.email, ip: input.client.ip, userId: input.userId });
  const session = await ctx.db.transaction(async (tx) => {
    if (input.previousSessionId) await deleteSession(tx, input.previousSessionId);
    return createSession(tx, input.userId, {
      userAgent: input.client.userAgent,
      authMethod: input.mfa ? SSO_MFA_AUTH_METHOD : 'sso',
    });
  });
  const user = await signedInUser(ctx.db, input.userId);
  return { kind: 'signed-in', user: user!, session, returnTo: input.returnTo };
}
