import { accountContracts, attorneyContracts } from './attorney';
import { attorneyRequestContracts } from './attorney-requests';
import { authContracts } from './auth';
import { businessCaseContracts } from './business-case';
import type { TaggedContract } from './contract';
import { filesContracts } from './files';
import { firmContracts, firmRequestContracts } from './firm';
import { formContracts } from './forms';
import { integrationContracts } from './integrations';
import { opsContracts } from './ops';
import { positionLpqContracts } from './position-lpq';
import { recordContracts } from './record';
import { securityContracts } from './security';
import { ssoContracts } from './sso';
import { teamContracts } from './team';

/** Every endpoint the server has, area by area, in the order the docs show them. */
export const CONTRACT_AREAS = [
  authContracts,
  securityContracts,
  ssoContracts,
  attorneyContracts,
  formContracts,
  filesContracts,
  attorneyRequestContracts,
  positionLpqContracts,
  accountContracts,
  firmContracts,
  firmRequestContracts,
  businessCaseContracts,
  teamContracts,
  integrationContracts,
  recordContracts,
  opsContracts,
] as const;

export const ALL_CONTRACTS: TaggedContract[] = CONTRACT_AREAS.flatMap((area) => Object.values(area));
