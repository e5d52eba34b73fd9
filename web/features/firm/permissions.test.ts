import type { User } from '@shared/auth';
import { FIRM_ROLES, type FirmRole } from '@shared/team';
import { describe, expect, it } from 'vitest';
import { allows } from '../../../server/policies/authorize';
import { firmPolicies } from '../../../server/policies/firm.policy';
import { requestPolicies } from '../../../server/policies/request.policy';
import { requestPermissions } from './permissions';

const FIRM_ID = 'f-1';
const member = (roles: FirmRole[]): User => ({
  id: 'u-1',
  email: 'member@example.com',
  firstName: 'Riley',
  lastName: 'Reed',
  userType: 'firm',
  emailVerified: true,
  firm: { id: FIRM_ID, roles },
});
/** Every combination of roles, the empty one left out (a member holds at least one). */
const COMBINATIONS = Array.from({ length: 2 ** FIRM_ROLES.length - 1 }, (_, i) =>
  FIRM_ROLES.filter((_, bit) => (i + 1) & (1 << bit)),
);

describe('the request screen offers what the server’s policies allow, for every combination of roles', () => {
  it.each([true, false])('assigned to the request: %s', (assigned) => {
    for (const roles of COMBINATIONS) {
      const user = member(roles);
      const may = requestPermissions(user, {
        reviewers: assigned ? [{ userId: user.id }] : [],
      });
      const facts = { firmId: FIRM_ID, currentVersion: 1, assigned };
      const expected = {
        admin: allows(firmPolicies.manageFirm, user, undefined),
        pipeline: allows(requestPolicies.firmPipeline, user, facts),
        assigns: allows(requestPolicies.firmAssigns, user, facts),
        notes: allows(requestPolicies.firmNotes, user, facts),
        review: allows(requestPolicies.firmReviews, user, facts),
        businessCase: allows(requestPolicies.firmBusinessCase, user, facts),
      };
      expect(
        {
          admin: may.admin,
          pipeline: may.pipeline,
          assigns: may.assigns,
          notes: may.notes,
          review: may.review,
          businessCase: may.businessCase,
        },
        roles.join(','),
      ).toEqual(expected);
    }
  });

  it('reads a reviewer without a hiring role as one who sees only their assigned requests', () => {
    expect(requestPermissions(member(['reviewer']), { reviewers: [] }).assignedOnly).toBe(true);
    expect(requestPermissions(member(['reviewer', 'recruiter']), { reviewers: [] }).assignedOnly).toBe(false);
    expect(requestPermissions(member(['conflicts']), { reviewers: [] }).conflictsOnly).toBe(true);
    expect(requestPermissions(null, { reviewers: [] }).review).toBe(false);
  });
});
