import { z } from 'zod';
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
  USER_TYPES,
  verifyEmailSchema,
} from '../auth';
import { defineContracts, messageResponse, raw } from './contract';
import { firmRoleSchema } from './enums';

/** PRODUCT.md §6 user object: never the password hash or the verification timestamp. */
export const userResponse = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  userType: z.enum(USER_TYPES),
  emailVerified: z.boolean(),
  /** Firm users: their firm and roles there (PRODUCT.md §9); null once removed from it. */
  firm: z
    .object({ id: z.string(), roles: z.array(firmRoleSchema) })
    .nullable()
    .optional(),
  /**
   * PRODUCT.md §10: true while this member's firm requires a second factor they have not set up; every route
   * but enrolment's answers 403 `two_factor_required` until they do. Left out otherwise.
   */
  mustEnrolSecondFactor: z.literal(true).optional(),
  /** Issue 67 item 13: true through the user's first session (greeted 'Welcome', not 'Welcome back'); left out after. */
  firstVisit: z.literal(true).optional(),
});

/** POST /api/login for an account with a second factor: which second steps it offers. */
export const secondStepResponse = z.object({
  twoFactorRequired: z.literal(true),
  methods: z.array(z.enum(['totp', 'recovery_code', 'passkey'])),
});

export const authContracts = defineContracts('Accounts', {
  currentUser: {
    method: 'GET',
    path: '/api/user',
    summary: 'The signed-in user',
    audience: 'signed-in',
    response: { 200: userResponse },
  },
  currentUserAlias: {
    method: 'GET',
    path: '/api/auth/user',
    summary: 'The signed-in user (the spec’s second path)',
    audience: 'signed-in',
    response: { 200: userResponse },
  },
  loginPage: {
    method: 'GET',
    path: '/api/login',
    summary: 'Redirects to the sign-in page; a returnTo path of this site is carried along',
    audience: 'public',
    query: z.object({ returnTo: z.string().optional() }),
    response: { 302: raw('Redirect to /auth (with ?returnTo= when it is a path of this site)') },
  },
  register: {
    method: 'POST',
    path: '/api/register',
    summary: 'Create an account and sign in',
    audience: 'public',
    body: registerSchema,
    errors: { 429: 'too many registrations from this address' },
    response: { 201: userResponse },
  },
  login: {
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in (sets the session cookie)',
    description:
      'With a second factor on the account (PRODUCT.md §10) no session is made yet: the answer is `{ twoFactorRequired: true, methods }` and POST /api/login/second-factor completes the sign-in.',
    audience: 'public',
    body: loginSchema,
    errors: { 429: 'too many sign-in attempts from this address or for this account' },
    response: { 200: z.union([userResponse, secondStepResponse]) },
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    summary: 'Sign out',
    audience: 'public',
    response: { 200: messageResponse },
  },
  logoutLink: {
    method: 'GET',
    path: '/api/logout',
    summary: 'Sign out and redirect to the home page',
    audience: 'public',
    response: { 302: raw('Redirect to /') },
  },
  verifyEmail: {
    method: 'POST',
    path: '/api/auth/verify-email',
    summary: 'Verify the email address with the token from the mail',
    audience: 'public',
    body: verifyEmailSchema,
    response: { 200: z.object({ message: z.string(), user: userResponse }) },
  },
  resendVerification: {
    method: 'POST',
    path: '/api/auth/resend-verification',
    summary: 'Send the verification mail again',
    audience: 'signed-in',
    errors: { 409: 'the address is verified already', 429: 'too many mails asked from this address' },
    response: { 202: messageResponse },
  },
  forgotPassword: {
    method: 'POST',
    path: '/api/auth/forgot-password',
    summary: 'Mail a password reset link (202 whatever the address)',
    audience: 'public',
    body: forgotPasswordSchema,
    errors: { 429: 'too many resets asked from this address or for this address' },
    response: { 202: messageResponse },
  },
  resetPassword: {
    method: 'POST',
    path: '/api/auth/reset-password',
    summary: 'Set a new password with the token from the mail; ends every session',
    audience: 'public',
    body: resetPasswordSchema,
    errors: { 429: 'too many tries from this address' },
    response: { 200: messageResponse },
  },
});
