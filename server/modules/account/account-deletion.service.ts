import { ACCOUNT_MESSAGES, type DeleteAccountInput } from '@shared/account';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import { enqueueMail } from '../../mail/outbox';
import { badRequest } from '../../plugins/errors';
import { clearRateLimit, hitRateLimit } from '../../plugins/rate-limit';
import { accountPolicies as policies } from '../../policies/account.policy';
import { type Actor, authorize } from '../../policies/authorize';
import { attorneyActor } from '../audit/audit-chain';
import { verifyPassword } from '../auth/crypto';
import { findUserById } from '../auth/users.repo';
import { endAccess } from '../requests/sharing/end-access';
import { accountDeletedMail } from './account.mails';
import {
  activeShareIds,
  deleteQueuedMailTo,
  deleteUser,
  lockUser,
  type StoredObject,
  sharedBy,
  storedObjectsOf,
} from './account.repo';

/**
 * Deletes the stored bytes of the account's files once the rows are gone. Best effort: the account is
 * deleted whatever storage answers, and an object that could not be removed is logged by its key (no
 * row points at it any more, so nobody can download it).
 */
async function removeStoredObjects(ctx: AppContext, objects: StoredObject[], log: FastifyBaseLogger) {
  for (const object of objects) {
    try {
      if (object.uploadId)
        await ctx.storage.abortMultipartUpload(object.storageKey, object.uploadId).catch(() => undefined);
      await ctx.storage.delete(object.storageKey);
    } catch (err) {
      log.warn({ err, storageKey: object.storageKey }, 'deleted account: stored object not removed');
    }
  }
}

/**
 * POST /api/attorney/delete-account (data rights). The password is checked first, with the sign-in
 * limit per account. Then ONE transaction: the user's row is locked (a share or an update racing the
 * deletion waits for it, then fails on the missing user), every active share is revoked through the
 * state machine with the cause 'account_deleted' and its firm mailed, the attorney's confirmation is
 * written, and the user row is deleted. The foreign keys do the rest: profile, self-identification,
 * master LPQ, conflicts form, business plan, position LPQs, shared package versions and their files,
 * file rows, sessions, tokens, access and activity events go with it; the firms' request rows stay with
 * attorney_user_id set to NULL and the address they typed. The stored bytes are removed after commit.
 */
export async function deleteAttorneyAccount(
  ctx: AppContext,
  actor: Actor,
  input: { confirmation: DeleteAccountInput; log: FastifyBaseLogger },
): Promise<void> {
  const user = authorize(policies.manageOwnAttorneyData, actor);
  const limitKey = `delete-account:${user.id}`;
  const { windowMs, accountMax } = ctx.config.rateLimit;
  await hitRateLimit(ctx.db, limitKey, { max: accountMax, windowMs });
  const stored = await findUserById(ctx.db, user.id);
  if (!(await verifyPassword(stored?.passwordHash, input.confirmation.password)))
    throw badRequest(ACCOUNT_MESSAGES.passwordIncorrect, { password: ACCOUNT_MESSAGES.passwordIncorrect });
  await clearRateLimit(ctx.db, limitKey);

  const attorneyName = `${user.firstName} ${user.lastName}`;
  const objects = await ctx.db.transaction(async (tx) => {
    if (!(await lockUser(tx, user.id))) return [];
    const ownShares = sharedBy(user.id);
    const active = await activeShareIds(tx, user.id);
    let revoked = 0;
    for (const { id } of active) {
      const row = await endAccess(ctx, tx, {
        requestId: id,
        cause: 'account_deleted',
        // The trail keeps the address only: the firm's side stays verifiable after the account is gone.
        actor: attorneyActor(user),
        attorneyName,
        scope: ownShares,
      });
      if (row) revoked++;
    }
    const owned = await storedObjectsOf(tx, user.id);
    // The outbox's copies of mail to the attorney are theirs too; one being sent right now may finish.
    await deleteQueuedMailTo(tx, user.email);
    await enqueueMail(tx, {
      kind: 'account_deleted',
      to: user.email,
      ...accountDeletedMail({ firstName: user.firstName, revokedShares: revoked }),
    });
    await deleteUser(tx, user.id);
    return owned;
  });
  ctx.onMailQueued();
  await removeStoredObjects(ctx, objects, input.log);
}
