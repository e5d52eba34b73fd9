import { AUDIENCES, definePolicy } from './authorize';

/**
 * Account security (PRODUCT.md §10). Both kinds of account manage their own factors and sessions; the
 * second step of a sign-in and a password-less passkey sign-in are open to anyone (the pending sign-in
 * cookie or the passkey is the proof). Every row is the signed-in user's own: a repository reads by the
 * user's id, so another account's passkey or session is as unknown as a missing one (404).
 */
export const securityPolicies = {
  manageOwnSecurity: definePolicy({ name: 'security.manageOwnSecurity', audience: AUDIENCES.signedIn }),
  completeSignIn: definePolicy({ name: 'security.completeSignIn', audience: AUDIENCES.anyone }),
};
