import { type AttorneyUser, AUDIENCES, definePolicy, type FirmUser } from './authorize';
import { mayActOnRequests } from './request-scope';

type RequestRef = { attorneyEmail: string; firmUserId: string };

/**
 * LPQ requests (PRODUCT.md §5, §6, §8). Their SQL form is in ./request-scope.ts: `attorneyRequestScope`
 * and `firmRequestScope` narrow a query to the rows these rules allow, so a list never holds another's row.
 */
export const requestPolicies = {
  /** The attorney's requests: those sent to their address, once it is verified (unverified: an empty list). */
  attorneyRequests: definePolicy({ name: 'request.attorneyRequests', audience: AUDIENCES.attorney }),
  /** Acting on one request (share, preview, update, revoke, decline): 404 unless it was sent to them. */
  attorneyActs: definePolicy<AttorneyUser, Pick<RequestRef, 'attorneyEmail'>>({
    name: 'request.attorneyActs',
    audience: AUDIENCES.attorney,
    rule: (actor, request) =>
      mayActOnRequests(actor) && request.attorneyEmail.toLowerCase() === actor.email.toLowerCase(),
  }),
  /**
   * A hot read whose statement looks the session up itself (issue 17): only a caller with a session
   * cookie gets that far; the user it belongs to is authorized before anything read is answered.
   */
  readWithSession: definePolicy({ name: 'request.readWithSession', audience: AUDIENCES.sessionHolder }),
  /** The firm's pipeline: creating, listing and exporting its own requests. */
  firmRequests: definePolicy({ name: 'request.firmRequests', audience: AUDIENCES.firm }),
  /** One request of the firm's (view, notes, withdraw, resend, review status): 404 for another firm's. */
  firmOwns: definePolicy<FirmUser, Pick<RequestRef, 'firmUserId'>>({
    name: 'request.firmOwns',
    audience: AUDIENCES.firm,
    rule: (actor, request) => request.firmUserId === actor.id,
  }),
};
