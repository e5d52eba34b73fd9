import { SECURITY_MESSAGES } from '@shared/security';
import {
  type AuthenticationResponseJSON,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import type { AppContext } from '../../context';
import { badRequest } from '../../plugins/errors';
import { findPasskeyByCredential, passkeyCredentials, saveChallenge, takeChallenge } from './security.repo';

/**
 * WebAuthn with @simplewebauthn/server: the relying party is PUBLIC_URL (its host is the rpID, its origin
 * the only expected origin). A challenge is stored when options are handed out and taken once when the
 * browser's answer comes back; it is found by the value the authenticator signed.
 */
const CHALLENGE_TTL_MS = 5 * 60 * 1000;
type WebauthnContext = Pick<AppContext, 'db' | 'publicUrl'>;

const relyingParty = (ctx: WebauthnContext) => {
  const url = new URL(ctx.publicUrl);
  return { rpID: url.hostname, origin: url.origin };
};

export const passkeyFailed = () =>
  badRequest(SECURITY_MESSAGES.passkeyFailed, { response: SECURITY_MESSAGES.passkeyFailed });

/** The challenge the browser signed, read from its clientDataJSON; the library checks the rest. */
function signedChallenge(response: { response: object }): string {
  try {
    const clientData = JSON.parse(
      Buffer.from(
        String((response.response as { clientDataJSON?: unknown }).clientDataJSON),
        'base64url',
      ).toString('utf8'),
    ) as { challenge?: unknown };
    if (typeof clientData.challenge === 'string' && clientData.challenge.length <= 200)
      return clientData.challenge;
  } catch {
    // fall through
  }
  throw passkeyFailed();
}

export async function registrationOptions(
  ctx: WebauthnContext,
  user: { id: string; email: string; firstName: string; lastName: string },
) {
  const existing = await passkeyCredentials(ctx.db, user.id);
  const options = await generateRegistrationOptions({
    rpName: 'Lateral Passport',
    rpID: relyingParty(ctx).rpID,
    userName: user.email,
    userDisplayName: `${user.firstName} ${user.lastName}`,
    userID: new TextEncoder().encode(user.id),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    // Discoverable, so that the same passkey signs in without a password.
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await saveChallenge(ctx.db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: user.id,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options as unknown as Record<string, unknown>;
}

/** A verified new credential of `userId`, or 400. */
export async function verifyRegistration(ctx: WebauthnContext, userId: string, response: unknown) {
  const json = response as RegistrationResponseJSON;
  const challenge = await takeChallenge(ctx.db, signedChallenge(json), 'register');
  if (!challenge || challenge.userId !== userId) throw passkeyFailed();
  const { rpID, origin } = relyingParty(ctx);
  const result = await verifyRegistrationResponse({
    response: json,
    expectedChallenge: challenge.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw passkeyFailed();
  const { credential } = result.registrationInfo;
  return {
    credentialId: credential.id,
    publicKey: Buffer.from(credential.publicKey).toString('base64url'),
    counter: credential.counter,
    transports: credential.transports ?? [],
  };
}

/** Sign-in options: for one account's passkeys (second step, re-authentication), or any passkey. */
export async function authenticationOptions(ctx: WebauthnContext, userId: string | null) {
  const allow = userId ? await passkeyCredentials(ctx.db, userId) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).rpID,
    allowCredentials: allow.map((c) => ({ id: c.credentialId, transports: c.transports })),
    userVerification: userId ? 'preferred' : 'required',
  });
  await saveChallenge(ctx.db, {
    challenge: options.challenge,
    purpose: 'authenticate',
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_TTL_MS),
  });
  return options as unknown as Record<string, unknown>;
}

/**
 * The passkey that signed, verified, with its counter moved on; 400 otherwise. `userId` (second step,
 * re-authentication) must own it; without one (password-less), the passkey must have verified its user.
 */
export async function verifyAuthentication(ctx: WebauthnContext, userId: string | null, response: unknown) {
  const json = response as AuthenticationResponseJSON;
  const challenge = await takeChallenge(ctx.db, signedChallenge(json), 'authenticate');
  if (!challenge || (challenge.userId !== null && challenge.userId !== userId)) throw passkeyFailed();
  const passkey = await findPasskeyByCredential(ctx.db, String(json.id));
  if (!passkey || (userId !== null && passkey.userId !== userId))
    throw badRequest(SECURITY_MESSAGES.passkeyUnknown, { response: SECURITY_MESSAGES.passkeyUnknown });
  const { rpID, origin } = relyingParty(ctx);
  const result = await verifyAuthenticationResponse({
    response: json,
    expectedChallenge: challenge.challenge,
    expectedOrigin: origin,
    expectedRPID: rpID,
    credential: {
      id: passkey.credentialId,
      publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: userId === null,
  }).catch(() => null);
  if (!result?.verified) throw passkeyFailed();
  return { passkey, newCounter: result.authenticationInfo.newCounter };
}
