import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { isUniqueViolation } from '../../db/errors';
import { conflict, notFound } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { securityPolicies as policies } from '../../policies/security.policy';
import { secondFactorsOf } from '../auth/second-factors';
import { mailSecurityChange } from './security.mails';
import {
  deletePasskey,
  deleteRecoveryCodes,
  insertPasskey,
  listPasskeys,
  presentPasskey,
  renamePasskey,
} from './security.repo';
import { registrationOptions, verifyRegistration } from './webauthn';

/** Passkeys of the signed-in account (PRODUCT.md §10): add, name, remove. Added and removed ones are mailed. */

export async function passkeyRegistrationOptions(ctx: AppContext, actor: Actor) {
  const user = authorize(policies.manageOwnSecurity, actor);
  return registrationOptions(ctx, user);
}

export async function registerPasskey(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; response: unknown },
) {
  const user = authorize(policies.manageOwnSecurity, actor);
  const credential = await verifyRegistration(ctx, user.id, input.response);
  const saved = await ctx.db
    .transaction(async (tx) => {
      const row = await insertPasskey(tx, { userId: user.id, name: input.name, ...credential });
      await mailSecurityChange(tx, ctx, user, 'passkey_added', input.name);
      return row;
    })
    .catch((err) => {
      if (isUniqueViolation(err)) throw conflict('This passkey is already registered.');
      throw err;
    });
  ctx.onMailQueued();
  return presentPasskey(saved);
}

export async function listOwnPasskeys(ctx: AppContext, actor: Actor) {
  const user = authorize(policies.manageOwnSecurity, actor);
  return (await listPasskeys(ctx.db, user.id)).map(presentPasskey);
}

export async function renameOwnPasskey(ctx: AppContext, actor: Actor, input: { id: string; name: string }) {
  const user = authorize(policies.manageOwnSecurity, actor);
  if (!isUuid(input.id)) throw notFound();
  const row = await renamePasskey(ctx.db, user.id, input.id, input.name);
  if (!row) throw notFound();
  return presentPasskey(row);
}

/** Removes one; with it the last factor gone, the recovery codes go too (nothing left to recover). */
export async function removeOwnPasskey(ctx: AppContext, actor: Actor, input: { id: string }) {
  const user = authorize(policies.manageOwnSecurity, actor);
  if (!isUuid(input.id)) throw notFound();
  await ctx.db.transaction(async (tx) => {
    const row = await deletePasskey(tx, user.id, input.id);
    if (!row) throw notFound();
    const left = await secondFactorsOf(tx, user.id);
    if (!left.totp && left.passkeys === 0) await deleteRecoveryCodes(tx, user.id);
    await mailSecurityChange(tx, ctx, user, 'passkey_removed', row.name);
  });
  ctx.onMailQueued();
}
