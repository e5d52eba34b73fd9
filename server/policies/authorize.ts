import type { FirmMembership, User } from '@shared/auth';
import { type FirmRole, hasRole } from '@shared/team';
import type { SQL } from 'drizzle-orm';
import { forbidden, notFound, unauthorized } from '../plugins/errors';

/**
 * Who is asking. A signed-in user; nobody (registration, sign-in, a password reset link); or one of the
 * server's own jobs (the upload sweeper, reminders). Every service method takes one as its second argument.
 */
export type Anonymous = { readonly kind: 'anonymous' };
export type SystemJob = { readonly kind: 'system'; readonly job: string };
/**
 * A session cookie not looked up yet: the hot reads (requests/hot-reads.service.ts) look it up in the
 * same statement as their read, then authorize the user it belongs to before answering anything.
 */
export type SessionToken = { readonly kind: 'session'; readonly sessionId: string };
export type Actor = User | Anonymous | SystemJob | SessionToken;

export type AttorneyUser = User & { userType: 'attorney' };
export type FirmUser = User & { userType: 'firm' };
/** A firm user who belongs to a firm, with their roles there (PRODUCT.md §9). */
export type FirmMember = FirmUser & { firm: FirmMembership };

export const ANONYMOUS: Anonymous = Object.freeze({ kind: 'anonymous' });
export const systemJob = (job: string): SystemJob => Object.freeze({ kind: 'system', job });
export const sessionToken = (sessionId: string): SessionToken =>
  Object.freeze({ kind: 'session', sessionId });

export const isUser = (actor: Actor): actor is User => 'userType' in actor;
const isSystemJob = (actor: Actor): actor is SystemJob => !isUser(actor) && actor.kind === 'system';
export const isFirmMember = (actor: Actor): actor is FirmMember =>
  isUser(actor) && actor.userType === 'firm' && !!actor.firm;

/** Which actors a policy considers at all; anyone else is refused before the rule runs. */
export type Audience<A extends Actor> = {
  readonly name: string;
  readonly includes: (actor: Actor) => actor is A;
};

export const AUDIENCES = {
  anyone: { name: 'anyone', includes: (_actor: Actor): _actor is Actor => true },
  signedIn: { name: 'signed-in', includes: isUser },
  attorney: {
    name: 'attorney',
    includes: (actor: Actor): actor is AttorneyUser => isUser(actor) && actor.userType === 'attorney',
  },
  firm: {
    name: 'firm',
    includes: (actor: Actor): actor is FirmUser => isUser(actor) && actor.userType === 'firm',
  },
  /** Any member of a firm, whatever their roles; a firm user removed from their firm is not one. */
  firmMember: { name: 'firm member', includes: isFirmMember },
  system: { name: 'system', includes: isSystemJob },
  sessionHolder: {
    name: 'session holder',
    includes: (actor: Actor): actor is SessionToken => !isUser(actor) && actor.kind === 'session',
  },
} as const satisfies Record<string, Audience<Actor>>;

/** Members of a firm holding at least one of these roles; other firm users get 403 (PRODUCT.md §9). */
export function firmRoles(...roles: FirmRole[]): Audience<FirmMember> {
  return {
    name: `firm ${roles.join(' or ')}`,
    includes: (actor: Actor): actor is FirmMember =>
      isFirmMember(actor) && hasRole(actor.firm.roles, ...roles),
  };
}

/**
 * One rule of who may do what (ARCHITECTURE.md, 'Where the design goes next'): pure, over the actor and
 * the loaded row when there is one. `refusal` is what a refused rule answers: 404 where a resource must not
 * be revealed to someone it is not theirs, 403 where the actor may see it exists but not act.
 */
export type Policy<A extends Actor, R = void> = {
  readonly name: string;
  readonly audience: Audience<A>;
  readonly rule?: (actor: A, resource: R) => boolean;
  readonly refusal?: 403 | 404;
};

export function definePolicy<A extends Actor, R = void>(policy: Policy<A, R>): Policy<A, R> {
  return Object.freeze(policy);
}

/**
 * A policy with its rule as SQL: the condition that narrows a query to the rows the rule allows, for lists,
 * locks, download grants and the one-statement hot reads, composed with Drizzle's `sql` (never restated).
 * `server/policies/policies.test.ts` checks that the rule and its scope agree.
 */
// biome-ignore lint/suspicious/noExplicitAny: any policy, any scope signature
export function withScope<P extends Policy<any, any>, S extends (...args: any[]) => SQL>(
  policy: P,
  scope: S,
): P & { readonly scope: S } {
  return Object.freeze({ ...policy, scope });
}

/** Outside the audience: 401 for nobody, 403 for a user of the other kind or a job. */
function refuseOutsider(actor: Actor): never {
  throw isUser(actor) || isSystemJob(actor) ? forbidden() : unauthorized();
}

/**
 * The first line of every service method: refuses (401, 403 or the policy's refusal) or returns the actor,
 * narrowed to the policy's audience. With a resource, the rule judges that row; an absent row is 404.
 */
export function authorize<A extends Actor>(policy: Policy<A, void>, actor: Actor): A;
/** The audience only, before the row is loaded; the same policy judges the row once it is. */
export function authorize<A extends Actor, R>(policy: Policy<A, R>, actor: Actor): A;
export function authorize<A extends Actor, R>(policy: Policy<A, R>, actor: Actor, resource: R | undefined): A;
export function authorize<A extends Actor, R>(policy: Policy<A, R>, actor: Actor, ...rest: [R?]): A {
  if (!policy.audience.includes(actor)) refuseOutsider(actor);
  // Without a resource only the audience is judged (the first line of a service, before the row is loaded).
  if (policy.rule && rest.length > 0) {
    const resource = rest[0];
    if (resource === undefined) throw notFound();
    if (!policy.rule(actor, resource as R)) throw policy.refusal === 403 ? forbidden() : notFound();
  }
  return actor;
}

/** The same judgement as a boolean, for a screen or a list that hides what the actor may not do. */
export function allows<A extends Actor, R>(policy: Policy<A, R>, actor: Actor, resource: R): boolean {
  return policy.audience.includes(actor) && (!policy.rule || policy.rule(actor, resource));
}
