import { randomBytes } from 'node:crypto';
import {
  API_TOKEN_PREFIX,
  API_TOKEN_READER_FIRST_NAME,
  type ApiTokenInput,
  apiTokenSchema,
} from '@shared/integrations';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { type Actor, authorize } from '../../policies/authorize';
import { integrationPolicies as policies } from '../../policies/integration.policy';
import { hashToken } from '../auth/crypto';
import { recordMemberAudit } from '../team/firm-audit';
import { findApiToken, insertApiToken, listApiTokens, revokeApiTokenRow } from './api-tokens.repo';

/** PRODUCT.md §14: the firm's API tokens (admins; the routes ask for a recent sign-in). */

export async function listTokens(ctx: AppContext, actor: Actor) {
  const admin = authorize(policies.administer, actor);
  return (await listApiTokens(ctx.db, admin.firm.id)).map((t) => ({
    id: t.id,
    name: t.name,
    scopes: t.scopes,
    createdAt: t.createdAt.toISOString(),
    lastUsedAt: t.lastUsedAt?.toISOString() ?? null,
  }));
}

/** A new token, answered once: 32 random bytes after `lpt_`; the table keeps their SHA-256. */
export async function createToken(ctx: AppContext, actor: Actor, input: ApiTokenInput) {
  const admin = authorize(policies.administer, actor);
  const { name, scopes } = apiTokenSchema.parse(input);
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const row = await ctx.db.transaction(async (tx) => {
    const created = await insertApiToken(
      tx,
      { firmId: admin.firm.id, name, scopes, tokenHash: hashToken(token), createdByUserId: admin.id },
      { firstName: API_TOKEN_READER_FIRST_NAME, lastName: name },
    );
    await recordMemberAudit(tx, admin, { action: 'api_token_created', subject: name, detail: { scopes } });
    return created;
  });
  return { id: row.id, name: row.name, scopes: row.scopes, token };
}

/** Revoked at once: the next request with it is a 401. Another firm's token, or an unknown one, is 404. */
export async function revokeToken(ctx: AppContext, actor: Actor, input: { id: string }) {
  authorize(policies.ownFirmRow, actor);
  await ctx.db.transaction(async (tx) => {
    const row = isUuid(input.id) ? await findApiToken(tx, input.id) : undefined;
    const admin = authorize(policies.ownFirmRow, actor, row);
    await revokeApiTokenRow(tx, row!.id);
    await recordMemberAudit(tx, admin, { action: 'api_token_revoked', subject: row!.name });
  });
}
