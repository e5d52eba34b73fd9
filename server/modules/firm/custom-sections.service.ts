import type { CustomSection, FirmSection } from '@shared/requests';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { type Actor, authorize } from '../../policies/authorize';
import { firmPolicies as policies } from '../../policies/firm.policy';
import {
  findSection,
  insertSection,
  listSections,
  removeSection,
  toCustomSection,
  updateSection,
} from './custom-sections.repo';

export async function listCustomSections(ctx: AppContext, actor: Actor): Promise<CustomSection[]> {
  const member = authorize(policies.readCustomSections, actor);
  return (await listSections(ctx.db, member.firm.id)).map(toCustomSection);
}

export async function createCustomSection(ctx: AppContext, actor: Actor, input: FirmSection) {
  const admin = authorize(policies.manageFirm, actor);
  const owner = { firmId: admin.firm.id, createdByUserId: admin.id };
  return toCustomSection(await insertSection(ctx.db, owner, input));
}

/** Another firm's section, an unknown or a malformed id: 404 alike. */
async function loadOwnSection(ctx: AppContext, actor: Actor, id: string) {
  const section = isUuid(id) ? await findSection(ctx.db, id) : undefined;
  return authorize(policies.ownCustomSection, actor, section);
}

export async function updateCustomSection(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; section: FirmSection },
) {
  const admin = authorize(policies.manageFirm, actor);
  await loadOwnSection(ctx, admin, input.id);
  const row = await updateSection(ctx.db, admin.firm.id, input.id, input.section);
  if (!row) throw notFound();
  return toCustomSection(row);
}

export async function deleteCustomSection(ctx: AppContext, actor: Actor, input: { id: string }) {
  const admin = authorize(policies.manageFirm, actor);
  await loadOwnSection(ctx, admin, input.id);
  if (!(await removeSection(ctx.db, admin.firm.id, input.id))) throw notFound();
}
