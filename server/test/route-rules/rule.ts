import { GENESIS_HASH } from '../../modules/audit/audit-chain';
import { recordKey, signReceipt } from '../../modules/audit/trail-receipt';
import { firmRegistration } from '../../modules/firm/firm.factories';
import { type ActorName, type FirmActorName, type FreshSession, MEMBER_NAMES, type World } from '../actors';

/** The shape of a ROUTE_RULES entry (route-table.ts) and the helpers its entries build calls with. */

/**
 * Who may call a route (PRODUCT.md §6 and §8):
 * - public: everybody;
 * - signed-in: any user; 401 signed out;
 * - attorney / firm: that user type; 401 signed out, 403 the other type;
 * - attorney-owned / firm-owned: one resource of the owning attorney or firm; 401 signed out, 403 the
 *   other type, 404 for the other attorney or firm (the resource is never revealed to exist);
 * - file: a download; the owning attorney and the firm it was shared with; 401 signed out, 404 others;
 * - signed-url: the local upload URL; no session needed, a forged signature is 403 whoever sends it.
 */
export type Access =
  | 'public'
  | 'signed-in'
  | 'attorney'
  | 'firm'
  | 'attorney-owned'
  | 'firm-owned'
  | 'file'
  | 'signed-url';

export type RouteCall = {
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
};

export type RouteRule = {
  access: Access;
  /** The owned resource, for the owner-scoped rules: what another attorney or firm must not see. */
  resource?: string;
  /** The request each actor sends: a valid one, so the owning actor's answer means something. */
  call: (world: World, actor: ActorName) => RouteCall;
  /**
   * true: each signed-in actor signs in anew for this call (it ends or replaces the session it uses).
   * 'new-attorney': each attorney calls as a brand-new attorney of their own (the call deletes the account
   * it uses, so the world's attorneys must not be the ones); firm users keep their session.
   */
  freshSession?: FreshSession;
  /** The exact answer an allowed actor gets, where it does not depend on earlier calls. */
  ok?: number;
  /**
   * For a resource named in the body rather than the path: the answer the other attorney or firm gets,
   * the same as for a resource that does not exist (never revealing that it does).
   */
  othersGet?: 400;
  /** The message of that 400, when it is not FILE_MESSAGES.fileNotFound. */
  othersMessage?: string;
  /**
   * PRODUCT.md §9: what each firm actor gets where their roles decide (403 for a role that may not, 404 for a
   * request their roles do not reach); an actor not named gets the access's default.
   */
  members?: Partial<Record<FirmActorName, Expected>>;
};

export type Expected = 'allowed' | 400 | 401 | 403 | 404;

/** Members holding these roles are allowed; the firm's other members get 403 (or what `overrides` says). */
export function onlyMembers(
  allowed: FirmActorName[],
  overrides: Partial<Record<FirmActorName, Expected>> = {},
): Partial<Record<FirmActorName, Expected>> {
  // Every member of the owning firm (the removed one is no member).
  const members: FirmActorName[] = ['firm', ...MEMBER_NAMES.filter((m) => m !== 'firmRemoved')];
  return {
    ...Object.fromEntries(members.map((m) => [m, allowed.includes(m) ? 'allowed' : 403])),
    ...overrides,
  };
}
/** A call with no body, to one path. */
export const url = (path: string) => () => ({ url: path });
export const withBody = (path: string, payload: () => unknown) => () => ({ url: path, payload: payload() });
export const profileBody = () => ({
  phone: '+1 212 555 0100',
  currentFirm: 'Hale & Porter LLP',
  dischargeDate: '2012-03-15T00:00:00.000Z',
});
export const multipartQuery = (m: { key: string }) => `key=${encodeURIComponent(m.key)}`;
export const firmProfileBody = () => {
  const { email, password, agreeToTerms, ...profile } = firmRegistration();
  return profile;
};

/**
 * A receipt signed with the tests' record key (one per process, the app's too) of a trail's empty head: every
 * chain still holds it, so the owner's check is a 200 whatever the world's request holds by then.
 */
export const emptyHeadReceipt = (requestId: string) =>
  signReceipt(recordKey({ env: 'test', dataDir: '.' }), [{ requestId, events: 0, hash: GENESIS_HASH }]);
