import { AUDIENCES, definePolicy, firmRoles } from './authorize';

/**
 * Single sign-on (PRODUCT.md §14). The firm's provider settings and the test sign-in are its admins'; the
 * discovery, the start and the provider's answer are open to anyone (the provider's signed ID token, with the
 * state, nonce and PKCE verifier of the browser's own sign-in, is the proof).
 */
export const ssoPolicies = {
  administer: definePolicy({ name: 'sso.administer', audience: firmRoles('admin') }),
  signIn: definePolicy({ name: 'sso.signIn', audience: AUDIENCES.anyone }),
};
