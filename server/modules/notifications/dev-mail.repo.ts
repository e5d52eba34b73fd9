import { desc } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { localMail } from '../../db/schema';

/** The mail the local transport kept (no SMTP_URL), newest first: what /dev/mail shows. */
export async function recentLocalMail(db: Db, limit: number) {
  return db.select().from(localMail).orderBy(desc(localMail.id)).limit(limit);
}
