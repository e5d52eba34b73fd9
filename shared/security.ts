import { z } from 'zod';
import { passwordField } from './auth';
import { singleLineText } from './form-fields';
import { jsonDepth } from './json-depth';

/** Account security (PRODUCT.md §10): texts, limits and input schemas both sides share. */

export const SECURITY_MESSAGES = {
  reauthenticate: 'Confirm it is you.',
  twoFactorRequired:
    'Your firm requires two-step sign-in. Set up an authenticator app or a passkey to continue.',
  codeFormat: 'Enter the 6-digit code from your authenticator app',
  invalidCode: 'That code is not right, or it was already used. Try the newest code.',
  recoveryCodeFormat: 'Enter one of your recovery codes',
  invalidRecoveryCode: 'That recovery code is not valid or was already used.',
  signInExpired: 'Your sign-in has expired. Please enter your email and password again.',
  totpAlreadyEnabled: 'The authenticator app is already turned on.',
  totpNotEnabled: 'The authenticator app is not turned on.',
  totpSetupMissing: 'Start the set-up first: scan the QR code, then enter a code.',
  recoveryNeedsTotp: 'Turn on the authenticator app first.',
  passkeyFailed: 'The passkey could not be verified. Please try again.',
  passkeyUnknown: 'That passkey is not registered for an account here.',
  passkeyNameRequired: 'Please enter a name for this passkey',
  passkeyNameTooLong: 'Must be at most 60 characters',
  passwordWrong: 'The password is not correct.',
  currentPasswordRequired: 'Please enter your current password',
  samePassword: 'Choose a password you do not use here already.',
  passwordChanged: 'Your password has been changed.',
  sessionSignedOut: 'Signed out of that session.',
  otherSessionsSignedOut: 'Signed out of every other session.',
  reauthenticated: 'Thank you. You can go on.',
  reauthenticateInput: 'Enter your password, a code from your authenticator app, or use a passkey',
  enrolledAsRequired: 'Two-step sign-in is on. Your firm’s pages are open to you again.',
  lastFactorRequiredByFirm:
    'Your firm requires two-step sign-in. Without a second factor you can open only this page, until you set one up again.',
} as const;

/** TOTP (RFC 6238) as every authenticator app reads it: SHA-1, 6 digits, 30 seconds, ±1 step. */
export const TOTP = { digits: 6, periodSeconds: 30, window: 1, issuer: 'Lateral Passport' } as const;
export const RECOVERY_CODE_COUNT = 10;
/** Recent sign-in (PRODUCT.md §10): what cannot be undone or leaks the most asks again after this long. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;
/** How long the second step of a sign-in may wait after the password. */
export const PENDING_LOGIN_MS = 10 * 60 * 1000;
export const PASSKEY_NAME_MAX = 60;
/** The 403 `code`s of account security: the web client acts on them. */
export const SECURITY_ERROR_CODES = {
  reauthenticate: 'reauthenticate',
  twoFactorRequired: 'two_factor_required',
} as const;

export type SecondFactorMethod = 'totp' | 'recovery_code' | 'passkey';

/** Six digits; spaces (as apps show them: 123 456) are dropped. */
export const totpCodeField = z
  .string({ error: SECURITY_MESSAGES.codeFormat })
  .max(20, SECURITY_MESSAGES.codeFormat)
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECURITY_MESSAGES.codeFormat));

/** A recovery code: letters and digits, dashes and spaces ignored, any case. */
export const recoveryCodeField = z
  .string({ error: SECURITY_MESSAGES.recoveryCodeFormat })
  .max(40, SECURITY_MESSAGES.recoveryCodeFormat)
  .transform((v) => v.replace(/[\s-]+/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z0-9]{10}$/, SECURITY_MESSAGES.recoveryCodeFormat));

const exactlyOne = (v: Record<string, unknown>) =>
  Object.values(v).filter((x) => x !== undefined).length === 1;

/** The second step: `{ code }` from the authenticator app or `{ recoveryCode }`, one of them. */
export const secondFactorSchema = z
  .object({ code: totpCodeField.optional(), recoveryCode: recoveryCodeField.optional() })
  .refine(exactlyOne, { message: SECURITY_MESSAGES.codeFormat, path: ['code'] });
export const totpCodeSchema = z.object({ code: totpCodeField });

export const passkeyNameField = singleLineText(z.string({ error: SECURITY_MESSAGES.passkeyNameRequired }))
  .trim()
  .min(1, SECURITY_MESSAGES.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX, SECURITY_MESSAGES.passkeyNameTooLong);
export const passkeyNameSchema = z.object({ name: passkeyNameField });

/** A WebAuthn response nests a few levels (its extension results a few more): far below this. */
export const WEBAUTHN_RESPONSE_MAX_DEPTH = 8;

/**
 * A WebAuthn response as @simplewebauthn/browser hands it over: checked by the server library, so only
 * its outline and size here.
 */
export const webauthnResponseField = z
  .object({
    id: z.string().max(1024),
    rawId: z.string().max(1024),
    type: z.literal('public-key'),
    response: z.record(z.string(), z.unknown()),
    clientExtensionResults: z.record(z.string(), z.unknown()).optional(),
    authenticatorAttachment: z.string().max(40).optional(),
  })
  // Depth first: a response nested thousands of levels would stop JSON.stringify with an error (a 500).
  .refine(
    (v) =>
      jsonDepth(v, WEBAUTHN_RESPONSE_MAX_DEPTH + 1) <= WEBAUTHN_RESPONSE_MAX_DEPTH &&
      JSON.stringify(v).length <= 64 * 1024,
    SECURITY_MESSAGES.passkeyFailed,
  );

export const passkeyRegistrationSchema = z.object({
  name: passkeyNameField,
  response: webauthnResponseField,
});
export const passkeyAuthenticationSchema = z.object({ response: webauthnResponseField });

export const changePasswordSchema = z.object({
  currentPassword: z
    .string({ error: SECURITY_MESSAGES.currentPasswordRequired })
    .min(1, SECURITY_MESSAGES.currentPasswordRequired)
    .max(200, SECURITY_MESSAGES.currentPasswordRequired),
  newPassword: passwordField,
});

/** Recent sign-in renewed with one of: the password, an authenticator code, a passkey's response. */
export const reauthenticateSchema = z
  .object({
    password: z.string().min(1, SECURITY_MESSAGES.reauthenticateInput).max(200).optional(),
    code: totpCodeField.optional(),
    passkey: webauthnResponseField.optional(),
  })
  .refine(exactlyOne, { message: SECURITY_MESSAGES.reauthenticateInput, path: ['password'] });

/** The password form: the new password twice. */
export const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: "Passwords don't match",
    path: ['confirmPassword'],
  });
export type ChangePasswordFormValues = z.input<typeof changePasswordFormSchema>;

/** The account security page's toasts. */
export const SECURITY_TOASTS = {
  passwordChanged: { title: 'Password changed', message: 'Every other session has been signed out.' },
  totpEnabled: { title: 'Two-step sign-in is on', message: 'Save your recovery codes somewhere safe.' },
  totpDisabled: {
    title: 'Authenticator app turned off',
    message: 'Signing in no longer asks for its codes.',
  },
  codesRegenerated: { title: 'New recovery codes', message: 'The old codes no longer work.' },
  passkeyAdded: { title: 'Passkey added', message: 'You can sign in with it now.' },
  passkeyRenamed: { title: 'Passkey renamed', message: '' },
  passkeyRemoved: { title: 'Passkey removed', message: 'It can no longer sign you in.' },
  sessionRevoked: { title: 'Signed out', message: 'That session has been signed out.' },
  othersRevoked: { title: 'Signed out elsewhere', message: 'Every other session has been signed out.' },
  failed: { title: 'Something went wrong', message: 'Please try again.' },
} as const;
