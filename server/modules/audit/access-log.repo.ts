import { ACCESS_LOG_WINDOW_MINUTES } from '@shared/sharing';
import type { FirmRole } from '@shared/team';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accessEvents, lpqRequests, users } from '../../db/schema';

type AccessKind = (typeof accessEvents.$inferSelect)['kind'];

/** One access log entry before presentation: a run of reads by one firm user of one request. */
export type AccessLogGroup = {
  at: string;
  first_at: string;
  count: number;
  /** What was read and how often: one row per kind of read and file, in the order first met. */
  reads: { kind: AccessKind; file_name: string | null; count: number }[];
  firm_name: string;
  first_name: string | null;
  last_name: string | null;
  request_id: string;
  position_title: string;
  firm_user_id: string;
  /** PRODUCT.md §9: the roles the reader held when they read (every role of the entry's reads). */
  reader_roles: FirmRole[];
};

/** A uuid[] parameter as its text literal: the same on node-postgres and PGlite. */
const toUuidArray = (ids: string[]) => `{${[...new Set(ids)].join(',')}}`;

const WINDOW_MICROS = ACCESS_LOG_WINDOW_MINUTES * 60 * 1_000_000;
const BATCH = 1000;

type EventRow = {
  id: number;
  requestId: string;
  firmUserId: string;
  firmName: string;
  readerRoles: FirmRole[];
  kind: AccessKind;
  fileName: string | null;
  at: string;
  micros: number;
};

type Open = AccessLogGroup & { firstMicros: number; closed: boolean };

/** Counts one more read of a kind (and file) in a group. */
function tally(group: AccessLogGroup, kind: AccessKind, fileName: string | null) {
  const read = group.reads.find((r) => r.kind === kind && r.file_name === fileName);
  if (read) read.count++;
  else group.reads.push({ kind, file_name: fileName, count: 1 });
}

/**
 * PRODUCT.md §6: the attorney's access log, newest entry first. Reads by one firm user of one request are
 * one entry while each follows the previous within 30 minutes. The events are read newest first in
 * batches through the (attorney, created_at, id) index, and the scan stops once `limit` entries are
 * complete — an entry is complete when the scan is more than 30 minutes past its oldest read — so a page
 * costs the same for an attorney with a million reads as for one with a thousand (issue 17).
 */
export async function accessLogGroups(
  db: Db,
  attorneyUserId: string,
  filters: { firm?: string; requestId?: string },
  limit: number,
): Promise<AccessLogGroup[]> {
  const conditions: SQL[] = [eq(accessEvents.attorneyUserId, attorneyUserId)];
  if (filters.firm) conditions.push(eq(accessEvents.firmName, filters.firm));
  if (filters.requestId) conditions.push(eq(accessEvents.requestId, filters.requestId));
  const groups: Open[] = [];
  const openByKey = new Map<string, Open>();
  let cursor: { at: string; id: number } | null = null;
  // The first batch is sized for one page whose entries are single reads (twice `limit`): most pages end
  // there; a page of longer runs of reads goes on in batches of BATCH.
  let size = Math.min(BATCH, limit * 2);
  for (;;) {
    const batch: EventRow[] = await db
      .select({
        id: accessEvents.id,
        requestId: accessEvents.requestId,
        firmUserId: accessEvents.firmUserId,
        firmName: accessEvents.firmName,
        readerRoles: accessEvents.readerRoles,
        kind: accessEvents.kind,
        fileName: accessEvents.fileName,
        at: sql<string>`${accessEvents.createdAt}::text`,
        micros: sql<number>`(extract(epoch from ${accessEvents.createdAt}) * 1000000)::bigint`.mapWith(
          Number,
        ),
      })
      .from(accessEvents)
      .where(
        and(
          ...conditions,
          cursor
            ? sql`(${accessEvents.createdAt}, ${accessEvents.id}) < (${cursor.at}::timestamptz, ${cursor.id})`
            : undefined,
        ),
      )
      .orderBy(desc(accessEvents.createdAt), desc(accessEvents.id))
      .limit(size);
    for (const e of batch) {
      const key = `${e.firmUserId} ${e.requestId}`;
      const open = openByKey.get(key);
      if (open && open.firstMicros - e.micros <= WINDOW_MICROS) {
        open.first_at = e.at;
        open.firstMicros = e.micros;
        open.count++;
        tally(open, e.kind, e.fileName);
        if (e.firmName > open.firm_name) open.firm_name = e.firmName;
        for (const role of e.readerRoles) if (!open.reader_roles.includes(role)) open.reader_roles.push(role);
        continue;
      }
      if (open) open.closed = true;
      const group: Open = {
        at: e.at,
        first_at: e.at,
        count: 1,
        reads: [{ kind: e.kind, file_name: e.fileName, count: 1 }],
        firm_name: e.firmName,
        first_name: null,
        last_name: null,
        request_id: e.requestId,
        position_title: '',
        firm_user_id: e.firmUserId,
        reader_roles: [...e.readerRoles],
        firstMicros: e.micros,
        closed: false,
      };
      openByKey.set(key, group);
      groups.push(group);
    }
    if (batch.length < size) break;
    size = BATCH;
    const last: EventRow = batch[batch.length - 1];
    cursor = { at: last.at, id: last.id };
    // Every entry of the page is complete: nothing older can join any of them.
    if (
      groups.length >= limit &&
      groups.slice(0, limit).every((g) => g.closed || g.firstMicros - last.micros > WINDOW_MICROS)
    )
      break;
  }
  const page = groups.slice(0, limit);
  if (page.length === 0) return [];
  // Titles and names by primary key, one probe per distinct id: `limit 1` keeps each lookup a lateral
  // index probe (a plain join of 200 ids made the planner hash the whole users table).
  const [requests, firmUsers] = await Promise.all([
    db.execute<{ id: string; position_title: string }>(
      sql`select r.id, r.position_title from unnest(${toUuidArray(page.map((g) => g.request_id))}::uuid[]) as x(id)
          cross join lateral (select r.id, r.position_title from ${lpqRequests} r where r.id = x.id limit 1) r`,
    ),
    db.execute<{ id: string; first_name: string; last_name: string }>(
      sql`select u.id, u.first_name, u.last_name from unnest(${toUuidArray(page.map((g) => g.firm_user_id))}::uuid[]) as x(id)
          cross join lateral (select u.id, u.first_name, u.last_name from ${users} u where u.id = x.id limit 1) u`,
    ),
  ]);
  const titles = new Map(
    (requests as unknown as { rows: { id: string; position_title: string }[] }).rows.map((r) => [
      r.id,
      r.position_title,
    ]),
  );
  const names = new Map(
    (firmUsers as unknown as { rows: { id: string; first_name: string; last_name: string }[] }).rows.map(
      (u) => [u.id, { firstName: u.first_name, lastName: u.last_name }],
    ),
  );
  return page.flatMap(({ firstMicros: _f, closed: _c, ...g }) => {
    const title = titles.get(g.request_id);
    if (title === undefined) return [];
    const user = names.get(g.firm_user_id);
    return [
      { ...g, position_title: title, first_name: user?.firstName ?? null, last_name: user?.lastName ?? null },
    ];
  });
}

/** One read of a group (GET /api/attorney/access-log/reads). */
export type AccessRead = { id: number; at: string; kind: AccessKind; file_name: string | null };

/**
 * The individual reads of one access log entry: one firm user's reads of one request between `from` and
 * `to` (inclusive, to the millisecond the entry names), newest first, a page at a time after `after`
 * (the previous page's last created_at as PostgreSQL printed it, and id). Read through the (attorney,
 * created_at, id) index, narrowed to the attorney's own events (policy attorneyRecords.ownAccessLog).
 */
export async function accessReads(
  db: Db,
  attorneyUserId: string,
  group: { requestId: string; readerId: string; from: string; to: string },
  page: { after: [string, string] | null; limit: number },
): Promise<AccessRead[]> {
  return db
    .select({
      id: accessEvents.id,
      at: sql<string>`${accessEvents.createdAt}::text`,
      kind: accessEvents.kind,
      file_name: accessEvents.fileName,
    })
    .from(accessEvents)
    .where(
      and(
        eq(accessEvents.attorneyUserId, attorneyUserId),
        eq(accessEvents.requestId, group.requestId),
        eq(accessEvents.firmUserId, group.readerId),
        // An entry names its moments to the millisecond; the stored ones have microseconds.
        sql`${accessEvents.createdAt} >= ${group.from}::timestamptz`,
        sql`${accessEvents.createdAt} < ${group.to}::timestamptz + interval '1 millisecond'`,
        page.after
          ? sql`(${accessEvents.createdAt}, ${accessEvents.id}) < (${page.after[0]}::timestamptz, ${Number(page.after[1])})`
          : undefined,
      ),
    )
    .orderBy(desc(accessEvents.createdAt), desc(accessEvents.id))
    .limit(page.limit);
}
