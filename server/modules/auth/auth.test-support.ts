import { DEFAULT_PASSWORD, uniqueEmail } from '../../test/factories';

/** A POST /api/register body for a new attorney; the shared setup of the auth.*.test.ts suites. */
export const registration = (overrides: Record<string, unknown> = {}) => ({
  email: uniqueEmail('reg'),
  password: DEFAULT_PASSWORD,
  firstName: 'Dana',
  lastName: 'Whitfield',
  userType: 'attorney',
  ...overrides,
});
