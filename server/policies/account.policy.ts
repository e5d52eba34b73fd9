import { AUDIENCES, definePolicy } from './authorize';

/**
 * Accounts and sessions (PRODUCT.md §2). Registration, sign-in and the links sent by mail are open to
 * anyone: the token or the password is the proof. Resending a verification mail needs the session.
 */
export const accountPolicies = {
  register: definePolicy({ name: 'account.register', audience: AUDIENCES.anyone }),
  signIn: definePolicy({ name: 'account.signIn', audience: AUDIENCES.anyone }),
  signOut: definePolicy({ name: 'account.signOut', audience: AUDIENCES.anyone }),
  useMailedLink: definePolicy({ name: 'account.useMailedLink', audience: AUDIENCES.anyone }),
  resendVerification: definePolicy({ name: 'account.resendVerification', audience: AUDIENCES.signedIn }),
  /** PRODUCT.md §8: an attorney exports and deletes only their own account. */
  manageOwnAttorneyData: definePolicy({
    name: 'account.manageOwnAttorneyData',
    audience: AUDIENCES.attorney,
  }),
};
