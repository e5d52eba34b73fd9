import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { SsoDomainProof } from '../../../shared/sso-texts';
import { firms } from './firm';
import { users } from './users';

/**
 * Single sign-on (PRODUCT.md §14): a firm's OpenID provider, the e-mail domains it signs in, and the
 * sign-ins under way. The client secret is encrypted with a key derived from STORAGE_SECRET (it must be read
 * back to redeem a code); the sign-ins under way are named by the hash of their cookie's token.
 */
export const firmSso = pgTable('firm_sso', {
  firmId: uuid('firm_id')
    .primaryKey()
    .references(() => firms.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** AES-256-GCM of the client secret: `iv.tag.ciphertext`, each base64url (security.crypto.ts). */
  clientSecretCiphertext: text('client_secret_ciphertext').notNull(),
  requireSso: boolean('require_sso').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One firm per domain (the primary key): discovery names exactly one provider. Lower-cased. A claim is
 * proven (`provenBy`: 'member', a member of the firm with a verified address at the domain; 'dns', the TXT
 * record with the firm's token) before discovery, the start or the callback use it; a claim made before
 * proofs were asked for and not proven by the migration stays unproven (null) and is never used.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    firmId: uuid('firm_id')
      .notNull()
      .references(() => firms.id, { onDelete: 'cascade' }),
    provenBy: text('proven_by').$type<SsoDomainProof>(),
    provenAt: timestamp('proven_at', { withTimezone: true }),
  },
  (t) => [index('sso_domains_firm_idx').on(t.firmId)],
);

/**
 * A sign-in sent to the provider and not yet back: the PKCE verifier, state and nonce it must come back
 * with, used once (deleted by the callback). `testedBy`: an admin's 'Test sign-in', which signs nobody in.
 */
export const ssoLogins = pgTable('sso_logins', {
  id: text('id').primaryKey(),
  firmId: uuid('firm_id')
    .notNull()
    .references(() => firms.id, { onDelete: 'cascade' }),
  state: text('state').notNull(),
  nonce: text('nonce').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  returnTo: text('return_to'),
  testedBy: uuid('tested_by').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
