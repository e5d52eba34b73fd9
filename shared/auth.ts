import { z } from 'zod';
import { singleLineText } from './form-fields';
import { LIMITS } from './limits';
import type { FirmRole } from './team';
import { USER_TYPES, type UserType } from './user-types';

export * from './user-types';

export const AUTH_MESSAGES = {
  invalidEmail: 'Please enter a valid email',
  passwordMin: 'Password must be at least 6 characters',
  passwordMax: 'Password must be at most 200 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  nameTooLong: 'Must be at most 100 characters',
  roleRequired: 'Please select your role',
  passwordsDontMatch: "Passwords don't match",
  invalidCredentials: 'Invalid email or password',
  emailTaken: 'An account with this email already exists',
  invalidToken: 'This link is invalid or has expired.',
  tokenRequired: 'Token is required',
  forgotAccepted: 'If an account exists for that address, we have sent a link to reset the password.',
  passwordReset: 'Your password has been reset. You can sign in now.',
  emailVerified: 'Your email address is verified.',
  verificationSent: 'We have sent you a new verification link.',
  invitationEmailMismatch: 'Use the email address the invitation was sent to.',
} as const;

/** Trims and lower-cases: one address, whatever its letter case. */
export const emailField = z
  .string({ error: AUTH_MESSAGES.invalidEmail })
  .trim()
  .max(LIMITS.emailMax, AUTH_MESSAGES.invalidEmail)
  // Lowercased by zod's overwrite, not a transform: the answer schemas built on it keep their string type.
  .pipe(z.email(AUTH_MESSAGES.invalidEmail).toLowerCase());

export const passwordField = z
  .string({ error: AUTH_MESSAGES.passwordMin })
  .min(LIMITS.passwordMin, AUTH_MESSAGES.passwordMin)
  .max(LIMITS.passwordMax, AUTH_MESSAGES.passwordMax);

const nameField = (required: string) =>
  singleLineText(z.string({ error: required }))
    .trim()
    .min(1, required)
    .max(LIMITS.nameMax, AUTH_MESSAGES.nameTooLong);

export const loginSchema = z.object({ email: emailField, password: passwordField });
export type LoginInput = z.input<typeof loginSchema>;

export const registerSchema = z.object({
  email: emailField,
  password: passwordField,
  firstName: nameField(AUTH_MESSAGES.firstNameRequired),
  lastName: nameField(AUTH_MESSAGES.lastNameRequired),
  userType: z.enum(USER_TYPES, { error: AUTH_MESSAGES.roleRequired }),
  /** The token of an e-mailed invitation: registering with it verifies the address it was sent to. */
  invitationToken: z.string().max(200).optional(),
});
export type RegisterInput = z.input<typeof registerSchema>;

/** Confirm Password must equal Password; the message sits on confirmPassword. */
const passwordsMatch: [
  (v: { password: string; confirmPassword: string }) => boolean,
  { message: string; path: string[] },
] = [
  (v) => v.password === v.confirmPassword,
  { message: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] },
];

export const registerFormSchema = registerSchema
  .extend({
    userType: z
      .union([z.enum(USER_TYPES), z.literal('')])
      .refine((v) => v !== '', AUTH_MESSAGES.roleRequired),
    confirmPassword: z.string(),
  })
  .refine(...passwordsMatch);
export type RegisterFormValues = z.input<typeof registerFormSchema>;

export const tokenField = z
  .string({ error: AUTH_MESSAGES.tokenRequired })
  .min(1, AUTH_MESSAGES.tokenRequired)
  .max(200);

export const verifyEmailSchema = z.object({ token: tokenField });
export const forgotPasswordSchema = z.object({ email: emailField });
export const resetPasswordSchema = z.object({ token: tokenField, password: passwordField });
export const resetPasswordFormSchema = z
  .object({ password: passwordField, confirmPassword: z.string() })
  .refine(...passwordsMatch);

/** A firm user's place in their firm (PRODUCT.md §9): null once removed from it. */
export type FirmMembership = { id: string; roles: FirmRole[] };

export type User = {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userType: UserType;
  emailVerified: boolean;
  /** Firm users only. */
  firm?: FirmMembership | null;
  /** PRODUCT.md §10: the firm requires a second factor this member has not enrolled yet (the web sends them to enrol). */
  mustEnrolSecondFactor?: true;
  /** Issue 67 item 13: this session is the user's first, so the web greets them 'Welcome' (not 'Welcome back'). */
  firstVisit?: true;
};

// Kept in its own module so the web's entry can use it without loading zod.
export { RETURN_TO_PARAM, safeReturnPath } from './return-path';
