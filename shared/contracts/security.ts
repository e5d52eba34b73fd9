import { z } from 'zod';
import {
  changePasswordSchema,
  passkeyAuthenticationSchema,
  passkeyNameSchema,
  passkeyRegistrationSchema,
  reauthenticateSchema,
  secondFactorSchema,
  totpCodeSchema,
} from '../security';
import { userResponse } from './auth';
import { defineContracts, idParams, messageResponse, raw, timestamp } from './contract';

/** Account security (PRODUCT.md §10): the second step, factors, sessions and recent sign-in. */

const recoveryCodesResponse = z.object({ recoveryCodes: z.array(z.string()) });
const passkeyItem = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: timestamp(),
  lastUsedAt: timestamp().nullable(),
});
/** WebAuthn options as @simplewebauthn/browser takes them (PublicKeyCredential*OptionsJSON). */
const webauthnOptions = (what: string) =>
  z.record(z.string(), z.unknown()).meta({ description: `WebAuthn ${what} options (JSON)` });

export const securityContracts = defineContracts('Account security', {
  secondFactor: {
    method: 'POST',
    path: '/api/login/second-factor',
    summary: 'Complete a sign-in with an authenticator code or a recovery code (sets the session cookie)',
    audience: 'public',
    body: secondFactorSchema,
    errors: { 429: 'too many codes tried' },
    response: { 200: userResponse },
  },
  overview: {
    method: 'GET',
    path: '/api/auth/security',
    summary: 'Which second factors the account has',
    audience: 'signed-in',
    response: {
      200: z.object({
        totpEnabled: z.boolean(),
        passkeyCount: z.number(),
        recoveryCodesRemaining: z.number(),
        twoFactorEnabled: z.boolean(),
        /** The account's firm requires a second factor (PRODUCT.md §10): removing the last one leaves only these screens. */
        requiredByFirm: z.boolean(),
      }),
    },
  },
  totpSetup: {
    method: 'POST',
    path: '/api/auth/totp/setup',
    summary: 'A new authenticator secret to scan (recent sign-in)',
    audience: 'signed-in',
    response: { 200: z.object({ secret: z.string(), otpauthUrl: z.string() }) },
  },
  totpEnable: {
    method: 'POST',
    path: '/api/auth/totp/enable',
    summary: 'Turn the authenticator app on with a code; answers the recovery codes, shown once',
    audience: 'signed-in',
    body: totpCodeSchema,
    errors: { 429: 'too many codes tried on this account' },
    response: { 200: recoveryCodesResponse },
  },
  totpDisable: {
    method: 'POST',
    path: '/api/auth/totp/disable',
    summary: 'Turn the authenticator app off with a code (recent sign-in)',
    audience: 'signed-in',
    body: totpCodeSchema,
    errors: { 429: 'too many codes tried on this account' },
    response: { 200: messageResponse },
  },
  recoveryCodes: {
    method: 'POST',
    path: '/api/auth/recovery-codes',
    summary: 'A new set of recovery codes; the old set stops working (recent sign-in)',
    audience: 'signed-in',
    response: { 200: recoveryCodesResponse },
  },
  passkeyRegistrationOptions: {
    method: 'POST',
    path: '/api/auth/passkeys/registration-options',
    summary: 'Options to create a passkey (recent sign-in)',
    audience: 'signed-in',
    response: { 200: webauthnOptions('creation') },
  },
  passkeyRegistration: {
    method: 'POST',
    path: '/api/auth/passkeys/registration',
    summary: 'Save a new passkey with its name (recent sign-in)',
    audience: 'signed-in',
    body: passkeyRegistrationSchema,
    response: { 201: passkeyItem },
  },
  passkeyAuthenticationOptions: {
    method: 'POST',
    path: '/api/auth/passkeys/authentication-options',
    summary:
      'Options to sign in with a passkey: the pending sign-in’s passkeys (second step), the signed-in user’s (re-authentication), or any (password-less)',
    audience: 'public',
    errors: { 429: 'too many sign-ins started from this address' },
    response: { 200: webauthnOptions('request') },
  },
  passkeyAuthentication: {
    method: 'POST',
    path: '/api/auth/passkeys/authentication',
    summary: 'Sign in with a passkey, as the second step or without a password (sets the session cookie)',
    audience: 'public',
    body: passkeyAuthenticationSchema,
    errors: { 429: 'too many passkey sign-ins from this address' },
    response: { 200: userResponse },
  },
  passkeys: {
    method: 'GET',
    path: '/api/auth/passkeys',
    summary: 'The account’s passkeys',
    audience: 'signed-in',
    response: { 200: z.array(passkeyItem) },
  },
  renamePasskey: {
    method: 'PUT',
    path: '/api/auth/passkeys/:id',
    summary: 'Rename a passkey',
    audience: 'signed-in',
    params: idParams,
    body: passkeyNameSchema,
    response: { 200: passkeyItem },
  },
  deletePasskey: {
    method: 'DELETE',
    path: '/api/auth/passkeys/:id',
    summary: 'Remove a passkey (recent sign-in)',
    audience: 'signed-in',
    params: idParams,
    response: { 204: raw('Removed') },
  },
  sessions: {
    method: 'GET',
    path: '/api/auth/sessions',
    summary: 'The account’s signed-in sessions, the current one marked',
    audience: 'signed-in',
    response: {
      200: z.array(
        z.object({
          id: z.string(),
          current: z.boolean(),
          createdAt: timestamp(),
          lastUsedAt: timestamp(),
          userAgent: z.string().nullable(),
        }),
      ),
    },
  },
  revokeSession: {
    method: 'DELETE',
    path: '/api/auth/sessions/:id',
    summary: 'Sign one session out (the current one: a sign-out)',
    audience: 'signed-in',
    params: idParams,
    response: { 204: raw('Signed out') },
  },
  revokeOtherSessions: {
    method: 'POST',
    path: '/api/auth/sessions/revoke-others',
    summary: 'Sign out every session but this one',
    audience: 'signed-in',
    response: { 200: z.object({ revoked: z.number() }) },
  },
  changePassword: {
    method: 'POST',
    path: '/api/auth/password',
    summary: 'Change the password (the current one first; recent sign-in); other sessions end',
    audience: 'signed-in',
    body: changePasswordSchema,
    errors: { 429: 'too many passwords tried on this account' },
    response: { 200: messageResponse },
  },
  reauthenticate: {
    method: 'POST',
    path: '/api/auth/reauthenticate',
    summary: 'Renew recent sign-in with the password, an authenticator code or a passkey',
    audience: 'signed-in',
    body: reauthenticateSchema,
    errors: { 429: 'too many passwords or codes tried on this account' },
    response: { 200: messageResponse },
  },
});
