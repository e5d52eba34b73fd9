import { type AttorneyUser, AUDIENCES, definePolicy } from './authorize';

/**
 * The attorney's own records: profile, onboarding, Recent Activity, the master LPQ, the conflicts form,
 * the diversity self-identification form, the business plan and their drafts. Each is read and written
 * only by the attorney it belongs to; the repositories select by the actor's id (`ownRecords`).
 */
export const attorneyRecordPolicies = {
  ownRecords: definePolicy({ name: 'attorneyRecords.ownRecords', audience: AUDIENCES.attorney }),
  /**
   * A draft of a position LPQ names the LPQ: another attorney's is 404, so a draft never reveals that an
   * LPQ exists.
   */
  ownPositionLpqDraft: definePolicy<AttorneyUser, { attorneyUserId: string | null }>({
    name: 'attorneyRecords.ownPositionLpqDraft',
    audience: AUDIENCES.attorney,
    rule: (actor, lpq) => lpq.attorneyUserId === actor.id,
  }),
  /**
   * Autosave's write with its session in the same statement (drafts.repo.ts): any session cookie gets that
   * far; the user it belongs to is authorized (ownRecords) before anything is answered.
   */
  saveDraftWithSession: definePolicy({
    name: 'attorneyRecords.saveDraftWithSession',
    audience: AUDIENCES.sessionHolder,
  }),
  /** PRODUCT.md §6: the attorney's access log lists reads of their own data only. */
  ownAccessLog: definePolicy({ name: 'attorneyRecords.ownAccessLog', audience: AUDIENCES.attorney }),
};
