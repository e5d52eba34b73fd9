import { accountPolicies } from './account.policy';
import { attorneyRecordPolicies } from './attorney-records.policy';
import type { Actor, Policy } from './authorize';
import { filePolicies } from './file.policy';
import { firmPolicies } from './firm.policy';
import { integrationPolicies } from './integration.policy';
import { jobPolicies } from './job.policy';
import { positionLpqPolicies } from './position-lpq.policy';
import { requestPolicies } from './request.policy';
import { securityPolicies } from './security.policy';
import { ssoPolicies } from './sso.policy';
import { teamPolicies } from './team.policy';

/** Every policy by the name services import it under: the authorization matrix test reads this. */
export const POLICY_GROUPS = {
  accountPolicies,
  attorneyRecordPolicies,
  filePolicies,
  firmPolicies,
  integrationPolicies,
  jobPolicies,
  positionLpqPolicies,
  requestPolicies,
  teamPolicies,
  securityPolicies,
  ssoPolicies,
} as const;

export const ALL_POLICIES: Policy<Actor, never>[] = Object.values(POLICY_GROUPS).flatMap(
  (group) => Object.values(group) as Policy<Actor, never>[],
);
