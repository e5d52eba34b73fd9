import {
  type AttorneyUser,
  AUDIENCES,
  definePolicy,
  type FirmMember,
  firmRoles,
  withScope,
} from './authorize';
import {
  attorneyRequestScope,
  type FirmRequestFacts,
  firmClearsConflicts,
  firmClearsConflictsSql,
  firmOwns,
  firmOwnsSql,
  firmReadsForHiring,
  firmReadsForHiringSql,
  firmReadsPrecheck,
  firmReadsPrecheckSql,
  firmReviews,
  firmReviewsSql,
  firmSees,
  firmSeesSql,
  mayActOnRequests,
  type PrecheckFacts,
} from './request-scope';

/**
 * LPQ requests (PRODUCT.md §5, §6, §8, §9). Each policy's audience says who may ask at all (403 otherwise),
 * its rule judges one loaded row (404 otherwise: a request is never revealed to someone it is not for), and
 * its scope is the same rule as SQL, so a list, a lock or a hot read never holds a row the rule refuses.
 */
export const requestPolicies = {
  /** PRODUCT.md §11: the public key trail receipts are signed with, for anyone who holds a receipt. */
  readRecordKey: definePolicy({ name: 'request.readRecordKey', audience: AUDIENCES.anyone }),
  /** The attorney's requests: those sent to their address, once it is verified (unverified: an empty list). */
  attorneyRequests: withScope(
    definePolicy({ name: 'request.attorneyRequests', audience: AUDIENCES.attorney }),
    attorneyRequestScope,
  ),
  /** Acting on one request (share, preview, update, revoke, decline): 404 unless it was sent to them. */
  attorneyActs: definePolicy<AttorneyUser, { attorneyEmail: string }>({
    name: 'request.attorneyActs',
    audience: AUDIENCES.attorney,
    rule: (actor, request) =>
      mayActOnRequests(actor) && request.attorneyEmail.toLowerCase() === actor.email.toLowerCase(),
  }),
  /**
   * A hot read whose statement looks the session up itself: only a caller with a session cookie gets that
   * far; the user it belongs to is authorized before anything read is answered.
   */
  readWithSession: definePolicy({ name: 'request.readWithSession', audience: AUDIENCES.sessionHolder }),

  /** The pipeline's writes (PRODUCT.md §9, recruiter): invite, withdraw, resend, export the list as CSV. */
  firmPipeline: withScope(
    definePolicy<FirmMember, { firmId: string }>({
      name: 'request.firmPipeline',
      audience: firmRoles('recruiter'),
      rule: firmOwns,
    }),
    firmOwnsSql,
  ),
  /**
   * Seeing a request and its package: admins and recruiters every request of the firm, reviewers those
   * assigned to them, the conflicts department every shared one (it gets only its parts); diversity
   * officers none (403).
   */
  firmSees: withScope(
    definePolicy<FirmMember, FirmRequestFacts>({
      name: 'request.firmSees',
      audience: firmRoles('admin', 'recruiter', 'reviewer', 'conflicts'),
      rule: firmSees,
    }),
    firmSeesSql,
  ),
  /** The firm's own notes on a request: admins, recruiters and the reviewers assigned to it. */
  firmNotes: withScope(
    definePolicy<FirmMember, FirmRequestFacts>({
      name: 'request.firmNotes',
      audience: firmRoles('admin', 'recruiter', 'reviewer'),
      rule: firmReadsForHiring,
    }),
    firmReadsForHiringSql,
  ),
  /**
   * PRODUCT.md §12, the firm's workbench: the roles that see the master LPQ (admins, recruiters, the reviewers
   * assigned to the request); conflicts and diversity members 403, an unassigned reviewer 404.
   */
  firmBusinessCase: withScope(
    definePolicy<FirmMember, FirmRequestFacts>({
      name: 'request.firmBusinessCase',
      audience: firmRoles('admin', 'recruiter', 'reviewer'),
      rule: firmReadsForHiring,
    }),
    firmReadsForHiringSql,
  ),
  /** Mark Under Review / Review Complete: recruiters, and the reviewers assigned to the request. */
  firmReviews: withScope(
    definePolicy<FirmMember, FirmRequestFacts>({
      name: 'request.firmReviews',
      audience: firmRoles('recruiter', 'reviewer'),
      rule: firmReviews,
    }),
    firmReviewsSql,
  ),
  /** Who reviews a request: admins and recruiters assign the firm's reviewers. */
  firmAssigns: withScope(
    definePolicy<FirmMember, { firmId: string }>({
      name: 'request.firmAssigns',
      audience: firmRoles('admin', 'recruiter'),
      rule: firmOwns,
    }),
    firmOwnsSql,
  ),
  /** The conflicts view and its clearance: the conflicts role, on every shared request of the firm. */
  firmConflicts: withScope(
    definePolicy<FirmMember, FirmRequestFacts>({
      name: 'request.firmConflicts',
      audience: firmRoles('conflicts'),
      rule: firmClearsConflicts,
    }),
    firmClearsConflictsSql,
  ),
  /** PRODUCT.md §13: a pending request's pre-check rows (the conflicts role; position alone, no attorney). */
  firmPrecheck: withScope(
    definePolicy<FirmMember, PrecheckFacts>({
      name: 'request.firmPrecheck',
      audience: firmRoles('conflicts'),
      rule: firmReadsPrecheck,
    }),
    firmReadsPrecheckSql,
  ),
  /** The self-identification forms attorneys chose to share with the firm, and their counts. */
  firmSelfIdentification: definePolicy({
    name: 'request.firmSelfIdentification',
    audience: firmRoles('diversity'),
  }),
};
