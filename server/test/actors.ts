import type { FileRef } from '@shared/files';
import type { FirmRole } from '@shared/team';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { pdfBytes, putBytes } from '../modules/files/files.test-support';
import { buildFirm } from '../modules/firm/firm.factories';
import { businessPlan, conflictsForm, diversityForm } from '../modules/master-lpq/master-lpq.fixtures';
import { completeMasterLpqFor, sendRequest } from '../modules/requests/sharing/sharing.test-support';
import { addFirmMember } from '../modules/team/team.factories';
import { buildAttorney, signIn, uniqueEmail } from './factories';

/**
 * Everyone who calls the API in the authorization matrix. "Wrong user type" is the other side: a firm
 * user (owning or not) on an attorney route, an attorney on a firm route. The owning firm is a team
 * (PRODUCT.md §9): `firm` is its registrant (admin, recruiter, reviewer, conflicts), then a member per role —
 * an admin, a recruiter, a reviewer assigned to the shared request and one who is not, the conflicts
 * department, a diversity officer — and a member who was removed (a firm account without a firm).
 * `otherFirm` is another firm's registrant.
 */
export const MEMBER_NAMES = [
  'firmAdmin',
  'firmRecruiter',
  'firmReviewer',
  'firmUnassignedReviewer',
  'firmConflicts',
  'firmDiversity',
  'firmRemoved',
] as const;
export const ACTOR_NAMES = [
  'signedOut',
  'attorney',
  'otherAttorney',
  'firm',
  'otherFirm',
  ...MEMBER_NAMES,
] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];
export type FirmActorName = 'firm' | 'otherFirm' | (typeof MEMBER_NAMES)[number];

/** How a call signs in: its own session (true), a brand-new attorney ('new-attorney'), or the world's. */
export type FreshSession = boolean | 'new-attorney';

export type WorldActor = { email: string; cookie: string; userType: 'attorney' | 'firm' };

/** What the owning attorney and the owning firm have, built through the API as the browser builds it. */
export type World = {
  actors: Record<Exclude<ActorName, 'signedOut'>, WorldActor>;
  /** The owning attorney's confirmed document: listed in the package shared with the owning firm. */
  file: FileRef;
  /** A signed local upload URL of the owning attorney's pending file. */
  uploadUrl: string;
  /** Two open multipart uploads of the owning attorney: one to read and complete, one to abort. */
  multipart: { key: string; uploadId: string };
  multipartToAbort: { key: string; uploadId: string };
  /** The owning firm's request, shared by the owning attorney, and its position LPQ. */
  sharedRequestId: string;
  lpqId: string;
  /** Pending requests from the owning firm to the owning attorney: one to share, one to decline. */
  requestToShare: string;
  requestToDecline: string;
  requestToRevoke: string;
  /** Pending requests of the owning firm: one to withdraw, one to resend. */
  requestToWithdraw: string;
  requestToResend: string;
  /** The owning firm's custom sections: one to edit, and one to delete for each of its admins. */
  customSection: string;
  customSectionToDelete: Partial<Record<ActorName, string>>;
  /** The owning firm's team: a member whose roles change, a member to remove and an invitation to cancel per
   * admin, an invitation to resend, and the assigned reviewer's id. */
  memberToChange: string;
  memberToRemove: Partial<Record<ActorName, string>>;
  invitationToResend: string;
  invitationToCancel: Partial<Record<ActorName, string>>;
  reviewerId: string;
  /** PRODUCT.md §14: an API token of the owning firm to revoke for each of its admins. */
  apiTokenToRevoke: Partial<Record<ActorName, string>>;
  /** PRODUCT.md §14: a webhook of the owning firm, and one to delete for each of its admins. */
  webhook: string;
  webhookToDelete: Partial<Record<ActorName, string>>;
};

/** The thing an allowed actor acts on, its own where the call uses it up (the owning firm's by default). */
export const forActor = (targets: Partial<Record<ActorName, string>>, actor: ActorName) =>
  targets[actor] ?? targets.firm!;

async function expectStatus(res: LightMyRequestResponse, status: number, what: string) {
  if (res.statusCode !== status) throw new Error(`${what}: ${res.statusCode} ${res.body}`);
  return res.body ? res.json() : null;
}

/** Builds every actor and resource the matrix needs, once per database. */
export async function buildWorld(app: FastifyInstance): Promise<World> {
  const as = (cookie: string, opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(opts.headers ?? {}), cookie } });

  const attorney = await buildAttorney(app, { firstName: 'Casey', lastName: 'Owner' });
  const otherAttorney = await buildAttorney(app, { firstName: 'Jordan', lastName: 'Other' });
  const firm = await buildFirm(app, { firmName: 'Owning Firm LLP' });
  const otherFirm = await buildFirm(app, { firmName: 'Other Firm LLP' });

  const ticket = async () =>
    (await expectStatus(
      await as(attorney.cookie, {
        method: 'POST',
        url: '/api/objects/upload',
        payload: { filename: 'resume.pdf', contentType: 'application/pdf', size: 2048 },
      }),
      200,
      'upload ticket',
    )) as { uploadURL: string; objectPath: string };
  const ready = await ticket();
  const sent = await putBytes(app, ready.uploadURL, pdfBytes(2048), 'application/pdf');
  if (sent.status !== 200) throw new Error(`upload: ${sent.status} ${sent.body}`);
  const file = (await expectStatus(
    await as(attorney.cookie, {
      method: 'POST',
      url: `/api/objects/${ready.objectPath.split('/').pop()}/confirm`,
    }),
    200,
    'confirm upload',
  )) as FileRef;
  const pending = await ticket();

  const openMultipart = async () =>
    (await expectStatus(
      await as(attorney.cookie, {
        method: 'POST',
        url: '/api/uploads/s3/multipart',
        payload: { filename: 'big.pdf', type: 'application/pdf', metadata: { size: 8 * 1024 * 1024 } },
      }),
      200,
      'multipart upload',
    )) as { key: string; uploadId: string };
  const multipart = await openMultipart();
  const multipartToAbort = await openMultipart();

  // Every form is filled, so each GET answers 200 (a missing form is a 404, PRODUCT.md §6).
  const forms: [string, string, object][] = [
    ['PUT', '/api/attorney/profile', { phone: '+1 212 555 0100', currentFirm: 'Hale & Porter LLP' }],
    ['PUT', '/api/attorney/conflicts-form', conflictsForm()],
    ['PUT', '/api/attorney/diversity-form', diversityForm()],
    ['PUT', '/api/attorney/business-plan', businessPlan()],
  ];
  // The other attorney has records of their own: an attorney route answers each attorney their own.
  for (const who of [attorney, otherAttorney])
    for (const [method, url, payload] of forms)
      await expectStatus(
        await as(who.cookie, { method: method as 'PUT', url, payload }),
        200,
        `${method} ${url}`,
      );
  await completeMasterLpqFor(app, attorney.cookie, { resumeUrl: file.url });
  await completeMasterLpqFor(app, otherAttorney.cookie);

  const sharedRequestId = await sendRequest(app, firm.cookie, attorney.user.email);
  const shared = await expectStatus(
    await as(attorney.cookie, { method: 'POST', url: `/api/attorney/lpq-requests/${sharedRequestId}/share` }),
    200,
    'share',
  );
  // One open invitation per position (PRODUCT.md §6): each pending request is for its own position.
  const requestToShare = await sendRequest(app, firm.cookie, attorney.user.email, {
    positionTitle: 'Tax Partner',
  });
  const requestToDecline = await sendRequest(app, firm.cookie, attorney.user.email, {
    positionTitle: 'Litigation Partner',
  });
  const requestToWithdraw = await sendRequest(app, firm.cookie, attorney.user.email, {
    positionTitle: 'Real Estate Partner',
  });
  const requestToResend = await sendRequest(app, firm.cookie, attorney.user.email, {
    positionTitle: 'Banking Partner',
  });
  // Revoking ends the firm's access for good: its own shared request, apart from sharedRequestId.
  const requestToRevoke = await sendRequest(app, firm.cookie, attorney.user.email, {
    positionTitle: 'Energy Partner',
  });
  await expectStatus(
    await as(attorney.cookie, { method: 'POST', url: `/api/attorney/lpq-requests/${requestToRevoke}/share` }),
    200,
    'share to revoke',
  );

  const createApiToken = async (name: string) =>
    (
      await expectStatus(
        await as(firm.cookie, {
          method: 'POST',
          url: '/api/firm/api-tokens',
          payload: { name, scopes: ['requests:read'] },
        }),
        201,
        'api token',
      )
    ).id as string;
  const createWebhook = async () =>
    (
      await expectStatus(
        await as(firm.cookie, {
          method: 'POST',
          url: '/api/firm/webhooks',
          payload: { url: 'http://127.0.0.1:9/world', events: ['request.shared'] },
        }),
        201,
        'webhook',
      )
    ).id as string;
  const createSection = async (title: string) =>
    (
      await expectStatus(
        await as(firm.cookie, {
          method: 'POST',
          url: '/api/firm/custom-sections',
          payload: { title, questions: [{ text: 'Why us?', type: 'text', required: true }] },
        }),
        201,
        'custom section',
      )
    ).id as string;

  // The owning firm's team (PRODUCT.md §9), each member signed in.
  const member = (roles: FirmRole[], firstName: string) =>
    addFirmMember(app, firm.firmId, roles, { firstName, lastName: 'Member' });
  const admin = await member(['admin'], 'Ada');
  const recruiter = await member(['recruiter'], 'Remy');
  const reviewer = await member(['reviewer'], 'Rosa');
  const unassigned = await member(['reviewer'], 'Uma');
  const conflicts = await member(['conflicts'], 'Cole');
  const diversity = await member(['diversity'], 'Dana');
  await expectStatus(
    await as(firm.cookie, {
      method: 'PUT',
      url: `/api/firm/lpq-requests/${sharedRequestId}/reviewers`,
      payload: { userIds: [reviewer.user.id] },
    }),
    200,
    'assign reviewer',
  );
  const removed = await member(['reviewer'], 'Rex');
  await expectStatus(
    await as(firm.cookie, { method: 'DELETE', url: `/api/firm/members/${removed.user.id}` }),
    204,
    'remove member',
  );
  const removedCookie = await signIn(app, removed.user.email);
  const toChange = await member(['reviewer'], 'Chad');
  const removable = {
    firm: (await member(['reviewer'], 'Rhea')).user.id,
    firmAdmin: (await member(['reviewer'], 'Rory')).user.id,
  };
  const invite = async () =>
    (
      await expectStatus(
        await as(firm.cookie, {
          method: 'POST',
          url: '/api/firm/invitations',
          payload: { email: uniqueEmail('invitee'), roles: ['reviewer'] },
        }),
        201,
        'invitation',
      )
    ).id as string;
  const actorOf = (
    a: { user: { email: string }; cookie: string },
    userType: 'attorney' | 'firm' = 'firm',
  ) => ({
    email: a.user.email,
    cookie: a.cookie,
    userType,
  });

  return {
    actors: {
      attorney: actorOf(attorney, 'attorney'),
      otherAttorney: actorOf(otherAttorney, 'attorney'),
      firm: actorOf(firm),
      otherFirm: actorOf(otherFirm),
      firmAdmin: actorOf(admin),
      firmRecruiter: actorOf(recruiter),
      firmReviewer: actorOf(reviewer),
      firmUnassignedReviewer: actorOf(unassigned),
      firmConflicts: actorOf(conflicts),
      firmDiversity: actorOf(diversity),
      firmRemoved: { email: removed.user.email, cookie: removedCookie, userType: 'firm' },
    },
    file,
    uploadUrl: pending.uploadURL.slice(app.ctx.publicUrl.length),
    multipart,
    multipartToAbort,
    sharedRequestId,
    lpqId: shared.lpqId as string,
    requestToShare,
    requestToDecline,
    requestToWithdraw,
    requestToResend,
    requestToRevoke,
    customSection: await createSection('Practice fit'),
    customSectionToDelete: {
      firm: await createSection('To be deleted'),
      firmAdmin: await createSection('To be deleted too'),
    },
    memberToChange: toChange.user.id,
    memberToRemove: removable,
    invitationToResend: await invite(),
    invitationToCancel: { firm: await invite(), firmAdmin: await invite() },
    reviewerId: reviewer.user.id,
    apiTokenToRevoke: {
      firm: await createApiToken('To revoke'),
      firmAdmin: await createApiToken('To revoke too'),
    },
    webhook: await createWebhook(),
    webhookToDelete: { firm: await createWebhook(), firmAdmin: await createWebhook() },
  };
}

/**
 * The Cookie header an actor sends. `fresh` true signs in anew, for calls that end the session they use;
 * 'new-attorney' registers a new attorney for an attorney actor, for calls that delete the account.
 */
export async function cookieFor(
  app: FastifyInstance,
  world: World,
  actor: ActorName,
  fresh: FreshSession = false,
): Promise<string | undefined> {
  if (actor === 'signedOut') return undefined;
  const { email, cookie, userType } = world.actors[actor];
  if (fresh === 'new-attorney') return userType === 'attorney' ? (await buildAttorney(app)).cookie : cookie;
  return fresh ? signIn(app, email) : cookie;
}
