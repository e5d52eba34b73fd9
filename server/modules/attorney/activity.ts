import type { ActivityItem } from '@shared/attorney';
import { ACCESS_ACTION_LABELS } from '@shared/sharing';
import { roleNames } from '@shared/team';
import { and, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { activityEvents } from '../../db/schema';
import { queryAccessLog, recordActivity } from '../audit/audit.repo';

// Saving a wizard step by step writes many times in a row: within this window they count as one event.
const COALESCE_MS = 15 * 60 * 1000;

/** Records what the attorney saved; a repeat of the newest event within minutes only moves its time. */
export async function recordFormActivity(tx: Tx, userId: string, event: { kind: string; title: string }) {
  const [latest] = await tx
    .select({ id: activityEvents.id, kind: activityEvents.kind, createdAt: activityEvents.createdAt })
    .from(activityEvents)
    .where(eq(activityEvents.userId, userId))
    .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
    .limit(1);
  if (latest && latest.kind === event.kind && Date.now() - latest.createdAt.getTime() < COALESCE_MS) {
    await tx
      .update(activityEvents)
      .set({ createdAt: new Date() })
      .where(and(eq(activityEvents.id, latest.id), eq(activityEvents.userId, userId)));
    return;
  }
  await recordActivity(tx, { userId, ...event });
}

export const ACTIVITY_LIST_SIZE = 20;

/** Recent Activity: the attorney's own events and the firms' reads of what they shared, newest first. */
export async function listActivity(db: Db, userId: string): Promise<ActivityItem[]> {
  const [rows, reads] = await Promise.all([
    db
      .select()
      .from(activityEvents)
      .where(eq(activityEvents.userId, userId))
      .orderBy(desc(activityEvents.createdAt), desc(activityEvents.id))
      .limit(ACTIVITY_LIST_SIZE),
    queryAccessLog(db, userId, { limit: ACTIVITY_LIST_SIZE }),
  ]);
  const own: ActivityItem[] = rows.map((r) => ({
    id: `activity-${r.id}`,
    kind: r.kind,
    title: r.title,
    createdAt: r.createdAt.toISOString(),
  }));
  const firmReads: ActivityItem[] = reads.map((e) => ({
    id: `access-${e.requestId}-${e.firstAt}`,
    kind: `access_${e.action}`,
    title: `${e.firmName} (${[e.firmUserName, roleNames(e.readerRoles)].filter(Boolean).join(', ')}): ${ACCESS_ACTION_LABELS[e.action].toLowerCase()} ${e.what}${e.count > 1 ? ` · ${e.count} times` : ''}`,
    createdAt: e.at,
  }));
  return [...own, ...firmReads]
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt))
    .slice(0, ACTIVITY_LIST_SIZE);
}
