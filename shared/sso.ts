import { z } from 'zod';
import { emailField } from './auth';
import { SSO_LIMITS, SSO_MESSAGES } from './sso-texts';

export * from './sso-texts';

/** Single sign-on (PRODUCT.md §14): the settings' schema and the address the sign-in steps take. */

const domainField = z
  .string({ error: SSO_MESSAGES.domainInvalid })
  .trim()
  .toLowerCase()
  .max(SSO_LIMITS.domainMax, SSO_MESSAGES.domainInvalid)
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, SSO_MESSAGES.domainInvalid);

export const ssoSettingsSchema = z.object({
  issuer: z
    .string({ error: SSO_MESSAGES.issuerInvalid })
    .trim()
    .max(SSO_LIMITS.urlMax, SSO_MESSAGES.issuerInvalid)
    .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), SSO_MESSAGES.issuerInvalid),
  clientId: z
    .string({ error: SSO_MESSAGES.clientIdRequired })
    .trim()
    .min(1, SSO_MESSAGES.clientIdRequired)
    .max(SSO_LIMITS.clientIdMax, SSO_MESSAGES.clientIdRequired),
  /** Write-only: left out (or empty) keeps the stored one; required the first time. */
  clientSecret: z.string().max(SSO_LIMITS.clientSecretMax, SSO_MESSAGES.clientSecretRequired).optional(),
  domains: z
    .array(domainField, { error: SSO_MESSAGES.domainsRequired })
    .min(1, SSO_MESSAGES.domainsRequired)
    .max(SSO_LIMITS.domainsMax, SSO_MESSAGES.domainsTooMany),
  requireSso: z.boolean({ error: 'Choose on or off' }),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsSchema>;

/**
 * Mail services whose addresses belong to the people who hold them, not to a firm: a member's verified
 * address there proves nothing about the domain, and no firm controls their DNS. They are never claimed.
 * (The migration 0031_sso_domain_proof lists the same domains.)
 */
export const SHARED_MAIL_DOMAINS: readonly string[] = [
  '126.com',
  '163.com',
  'aim.com',
  'aol.com',
  'att.net',
  'bellsouth.net',
  'btinternet.com',
  'comcast.net',
  'cox.net',
  'earthlink.net',
  'fastmail.com',
  'free.fr',
  'gmail.com',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'googlemail.com',
  'hey.com',
  'hotmail.co.uk',
  'hotmail.com',
  'hotmail.fr',
  'hushmail.com',
  'icloud.com',
  'laposte.net',
  'libero.it',
  'live.com',
  'mac.com',
  'mail.com',
  'mail.ru',
  'me.com',
  'msn.com',
  'naver.com',
  'orange.fr',
  'outlook.com',
  'pm.me',
  'proton.me',
  'protonmail.com',
  'qq.com',
  'rediffmail.com',
  'sbcglobal.net',
  't-online.de',
  'tuta.io',
  'tutanota.com',
  'verizon.net',
  'web.de',
  'yahoo.co.uk',
  'yahoo.com',
  'yahoo.fr',
  'yandex.com',
  'yandex.ru',
  'ymail.com',
  'zoho.com',
];

export const ssoEmailQuery = z.object({ email: emailField });
