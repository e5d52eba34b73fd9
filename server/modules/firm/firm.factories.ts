import type { User } from '@shared/auth';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../db/schema';
import { DEFAULT_PASSWORD, sessionCookie, uniqueEmail } from '../../test/factories';

/** A complete registration body for POST /api/register/firm. */
export function firmRegistration(overrides: Record<string, unknown> = {}) {
  return {
    firmName: 'Whitfield & Cole LLP',
    founded: 1985,
    headquartersAddress: '200 Park Avenue, New York, NY',
    website: 'https://whitfield.example.com',
    description: 'Full-service firm.',
    totalAttorneys: 120,
    numberOfOffices: 2,
    practiceAreas: ['Corporate', 'Litigation'],
    offices: [
      { city: 'New York', state: 'NY', numberOfAttorneys: 90 },
      { city: 'Boston', state: 'MA', numberOfAttorneys: 30 },
    ],
    contactPersonName: 'Morgan Lee Cole',
    contactPersonTitle: 'Director of Legal Recruiting',
    email: uniqueEmail('firm'),
    contactPhone: '+1 212 555 0199',
    password: DEFAULT_PASSWORD,
    agreeToTerms: true,
    ...overrides,
  };
}

/**
 * Registers a firm with its profile through the API and returns the signed-in session. Its address is
 * verified unless `verified: false` (inviting needs a verified address).
 */
export async function buildFirm(
  app: FastifyInstance,
  overrides: Record<string, unknown> = {},
  opts: { verified?: boolean } = {},
) {
  const body = firmRegistration(overrides);
  const res = await app.inject({ method: 'POST', url: '/api/register/firm', payload: body });
  if (res.statusCode !== 201) throw new Error(`firm registration failed: ${res.statusCode} ${res.body}`);
  const user = res.json() as User;
  if (opts.verified !== false) {
    await app.ctx.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
    user.emailVerified = true;
  }
  // The firm the registration created (PRODUCT.md §9): the registrant is its first member.
  return { user, firmId: user.firm!.id, cookie: sessionCookie(res), registration: body };
}
