import type { CustomSection, FirmSection } from '@shared/requests';
import { and, asc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { customSections } from '../../db/schema';

type SectionRow = typeof customSections.$inferSelect;

export function toCustomSection(row: SectionRow): CustomSection {
  return {
    id: row.id,
    title: row.title,
    questions: row.questions as CustomSection['questions'],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The firm's library, oldest first: selected by the firm's id (policy firm.readCustomSections). */
export async function listSections(db: Db | Tx, firmId: string) {
  return db
    .select()
    .from(customSections)
    .where(eq(customSections.firmId, firmId))
    .orderBy(asc(customSections.createdAt), asc(customSections.id));
}

export async function findSection(db: Db | Tx, id: string) {
  const [row] = await db.select().from(customSections).where(eq(customSections.id, id));
  return row;
}

export async function insertSection(
  db: Db | Tx,
  owner: { firmId: string; createdByUserId: string },
  input: FirmSection,
) {
  const [row] = await db
    .insert(customSections)
    .values({ ...owner, title: input.title, questions: input.questions })
    .returning();
  return row;
}

/** Written only where it is still the firm's (policy firm.ownCustomSection, checked on the row first). */
const ownSection = (firmId: string, id: string) =>
  and(eq(customSections.id, id), eq(customSections.firmId, firmId));

export async function updateSection(db: Db | Tx, firmId: string, id: string, input: FirmSection) {
  const [row] = await db
    .update(customSections)
    .set({ title: input.title, questions: input.questions, updatedAt: new Date() })
    .where(ownSection(firmId, id))
    .returning();
  return row;
}

export async function removeSection(db: Db | Tx, firmId: string, id: string) {
  const deleted = await db.delete(customSections).where(ownSection(firmId, id)).returning();
  return deleted.length > 0;
}
