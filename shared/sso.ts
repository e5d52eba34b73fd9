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

export const ssoEmailQuery = z.object({ email: emailField });
