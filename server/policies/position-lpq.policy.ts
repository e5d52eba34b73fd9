import { type AttorneyUser, AUDIENCES, definePolicy } from './authorize';

/** A position LPQ is read, saved and submitted by the attorney of its request only; anyone else gets 404. */
export const positionLpqPolicies = {
  /** Position LPQs are the attorney's to fill in; which one is theirs is `own`, judged on the loaded row. */
  attorneyLpqs: definePolicy({ name: 'positionLpq.attorneyLpqs', audience: AUDIENCES.attorney }),
  own: definePolicy<AttorneyUser, { attorneyUserId: string | null }>({
    name: 'positionLpq.own',
    audience: AUDIENCES.attorney,
    rule: (actor, lpq) => lpq.attorneyUserId === actor.id,
  }),
};
