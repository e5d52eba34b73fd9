/**
 * Single sign-on with the firm's OpenID provider (PRODUCT.md §14): the texts of the settings screen, of
 * /auth and of the refusal page, its messages and limits. No zod here: /auth's first paint imports it.
 */

export const SSO_LIMITS = {
  urlMax: 500,
  clientIdMax: 300,
  clientSecretMax: 2000,
  domainMax: 253,
  domainsMax: 20,
  /** How long a sign-in sent to the provider may take to come back. */
  loginTtlMs: 10 * 60 * 1000,
} as const;

export const SSO_MESSAGES = {
  issuerInvalid: 'Enter the provider’s issuer URL, e.g. https://login.example.com',
  issuerHttpsOnly: 'The issuer must be an https:// address',
  clientIdRequired: 'Enter the client ID',
  clientSecretRequired: 'Enter the client secret',
  domainInvalid: 'Enter domains like example.com',
  domainsRequired: 'Add at least one e-mail domain',
  domainsTooMany: 'At most 20 domains',
  domainTaken: 'Another firm already signs in with this domain',
  domainShared: (domain: string) =>
    `${domain} is a shared mail service: its addresses belong to their owners, not to a firm, so no firm can sign them in`,
  domainUnproven: (domain: string) =>
    `Prove that your firm controls ${domain}: a member of your firm (you, for instance) with a verified address at ${domain}, or the DNS TXT record shown under the domains, at ${domain}`,
  discoveryFailed:
    'The provider could not be reached: check the issuer (its /.well-known/openid-configuration must answer)',
  notConfigured: 'Save the single sign-on settings first',
  noSso: 'This address does not sign in with single sign-on',
  ssoRequired:
    'Your firm signs in with single sign-on: enter your work email and choose Continue with single sign-on.',
} as const;

/** Texts of the screens: the settings section, /auth's button, the page after a refused sign-in. */
export const SSO_TEXTS = {
  sectionTitle: 'Single sign-on',
  sectionIntro:
    'Your people sign in through your identity provider (OpenID Connect). Register this app with it, with the redirect URL below.',
  redirectUrlLabel: 'Redirect URL',
  issuerLabel: 'Issuer',
  clientIdLabel: 'Client ID',
  clientSecretLabel: 'Client secret',
  clientSecretSet: 'Set — leave empty to keep it',
  domainsLabel: 'E-mail domains',
  domainsHint: 'Addresses at these domains are offered single sign-on on the sign-in page.',
  /** PRODUCT.md §14 and the review's finding: a domain is claimed only when it is proven to be the firm's. */
  domainsProofRule:
    'Each domain must be proven to be your firm’s: a member of your firm (you, for instance) has a verified address at it, or it has this DNS TXT record:',
  domainsProofSharedRule: 'Shared mail services (gmail.com, outlook.com and the like) cannot be claimed.',
  domainUnprovenBadge: 'Not proven: not offered on the sign-in page until saved again with a proof',
  requireSsoLabel: 'Require single sign-on',
  requireSsoHint:
    'Members cannot sign in with a password. Admins keep their password and second factor for when the provider is down.',
  save: 'Save single sign-on',
  savedToast: { title: 'Single sign-on saved', message: 'Your identity provider’s settings are saved.' },
  testButton: 'Test sign-in',
  testOk: (email: string) => `Test sign-in succeeded: the provider signed in ${email}.`,
  testFailed: 'Test sign-in failed: the provider’s answer did not pass the checks.',
  continueButton: 'Continue with single sign-on',
  orPassword: 'or sign in with your password',
  refusedTitle: 'You cannot sign in here yet',
  refusedNoAccount: (email: string | null) =>
    `${email ?? 'Your address'} has no account at this firm and no invitation. Ask your firm’s admin to invite you.`,
  failedTitle: 'Single sign-on did not complete',
  failedBody:
    'The answer from your identity provider could not be accepted (it may have expired or been used already). Try again from the sign-in page.',
  backToSignIn: 'Back to sign in',
} as const;

/** The reasons /sso/refused shows (the callback's redirect names one). */
export const SSO_REFUSALS = ['no-account', 'failed'] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];
/** The page the callback sends a refused sign-in to. */
export const SSO_REFUSED_PATH = '/sso/refused';
/** The query parameter the settings page reads the test's result from. */
export const SSO_TEST_PARAM = 'ssoTest';

/** How a firm proved a domain is its own (PRODUCT.md §14, sso_domains.proven_by). */
export type SsoDomainProof = 'member' | 'dns';

/** The TXT record that proves a domain is the firm's: this prefix and the firm's token (GET …/settings/sso). */
export const SSO_DOMAIN_TXT_PREFIX = 'lateral-passport-verification=';

/** The domain part of an address, lower-cased. */
export const emailDomain = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();
