// oidc-provider ships no types; the tests' own provider (oidc-test-provider.ts) is all that uses it.
declare module 'oidc-provider';
