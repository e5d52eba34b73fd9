import type { User } from '@shared/auth';
import type { CustomSection, FirmSection } from '@shared/requests';
import { isUuid } from '@shared/uuid';
import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { customSections } from '../../db/schema';
import { notFound } from '../../plugins/errors';

type SectionRow = typeof customSections.$inferSelect;

function toCustomSection(row: SectionRow): CustomSection {
  return {
    id: row.id,
    title: row.title,
    questions: row.questions as CustomSection['questions'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A section of this firm's library; another firm's id reads as missing. */
const ownSection = (user: User, id: string) =>
  and(eq(customSections.id, id), eq(customSections.firmUserId, user.id));

export async function listCustomSections(ctx: { db: Tx }, user: User): Promise<CustomSection[]> {
  const rows = await ctx.db
    .select()
    .from(customSections)
    .where(eq(customSections.firmUserId, user.id))
    .orderBy(asc(customSections.createdAt), asc(customSections.id));
  return rows.map(toCustomSection);
}

export async function createCustomSection(ctx: { db: Tx }, user: User, input: FirmSection) {
  const [row] = await ctx.db
    .insert(customSections)
    .values({ firmUserId: user.id, title: input.title, questions: input.questions })
    .returning();
  return toCustomSection(row);
}

export async function updateCustomSection(ctx: { db: Tx }, user: User, id: string, input: FirmSection) {
  if (!isUuid(id)) throw notFound();
  const [row] = await ctx.db
    .update(customSections)
    .set({ title: input.title, questions: input.questions, updatedAt: new Date() })
    .where(ownSection(user, id))
    .returning();
  if (!row) throw notFound();
  return toCustomSection(row);
}

export async function deleteCustomSection(ctx: { db: Tx }, user: User, id: string) {
  if (!isUuid(id)) throw notFound();
  const deleted = await ctx.db.delete(customSections).where(ownSection(user, id)).returning();
  if (deleted.length === 0) throw notFound();
}
