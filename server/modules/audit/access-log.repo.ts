import { type FirmRole, READABLE_PARTS, type ReadablePart } from '@shared/team';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { type Db, rowsOf } from '../../db/client';
import { accessEvents, accessLogEntries, lpqRequests, users } from '../../db/schema';

type AccessKind = (typeof accessEvents.$inferSelect)['kind'];

/** One access log entry before presentation: a run of reads by one firm user of one request. */
export type AccessLogGroup = {
  at: string;
  first_at: string;
  count: number;
  /**
   * What was read and how often: one row per kind of read and file, and for a package read per set of parts
   * it carried (null for reads recorded before reads kept their parts), in the order first met.
   */
  reads: { kind: AccessKind; file_name: string | null; parts: ReadablePart[] | null; count: number }[];
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

/** A read key's parts (`conflictsForm,diversityForm`), kept to the parts there are. */
const partsOfKey = (list: string): ReadablePart[] =>
  READABLE_PARTS.filter((part) => list.split(',').includes(part));

/**
 * An entry's reads as the trigger counts them (migration 0027, access_read_key): key `kind`, `kind:file name`
 * for a read of a file, `kind[part,part]` for a package read with the parts it carried.
 */
function readsOfKeys(reads: Record<string, number>): AccessLogGroup['reads'] {
  return Object.entries(reads).map(([key, count]) => {
    const withParts = /^([a-z_]+)\[([A-Za-z,]*)\]$/.exec(key);
    if (withParts)
      return { kind: withParts[1] as AccessKind, file_name: null, parts: partsOfKey(withParts[2]), count };
    const colon = key.indexOf(':');
    return colon < 0
      ? { kind: key as AccessKind, file_name: null, parts: null, count }
      : { kind: key.slice(0, colon) as AccessKind, file_name: key.slice(colon + 1), parts: null, count };
  });
}

/**
 * PRODUCT.md §6: the attorney's access log, newest entry first. Reads by one firm user of one request are
 * one entry while each follows the previous within 30 minutes; the entries are kept on write
 * (access_log_entries, counted by a trigger on each event's insert), so a page reads `limit` rows through an
 * index that serves its order, whether the entries stand for a thousand reads or a million.
 */
export async function accessLogGroups(
  db: Db,
  attorneyUserId: string,
  filters: { firm?: string; requestId?: string },
  limit: number,
): Promise<AccessLogGroup[]> {
  const e = accessLogEntries;
  // Policy attorneyRecords.ownAccessLog: the attorney's own entries only.
  const conditions: SQL[] = [eq(e.attorneyUserId, attorneyUserId)];
  if (filters.firm) conditions.push(eq(e.firmName, filters.firm));
  if (filters.requestId) conditions.push(eq(e.requestId, filters.requestId));
  const page = await db
    .select({
      at: sql<string>`${e.lastAt}::text`,
      firstAt: sql<string>`${e.firstAt}::text`,
      count: e.count,
      reads: e.reads,
      firmName: e.firmName,
      requestId: e.requestId,
      firmUserId: e.firmUserId,
      readerRoles: e.readerRoles,
    })
    .from(e)
    .where(and(...conditions))
    .orderBy(desc(e.lastAt), desc(e.id))
    .limit(limit);
  if (page.length === 0) return [];
  // Titles and names by primary key, one probe per distinct id: `limit 1` keeps each lookup a lateral
  // index probe (a plain join of 200 ids made the planner hash the whole users table).
  const [requests, firmUsers] = await Promise.all([
    rowsOf<{ id: string; position_title: string }>(
      db,
      sql`select r.id, r.position_title from unnest(${toUuidArray(page.map((g) => g.requestId))}::uuid[]) as x(id)
          cross join lateral (select r.id, r.position_title from ${lpqRequests} r where r.id = x.id limit 1) r`,
    ),
    rowsOf<{ id: string; first_name: string; last_name: string }>(
      db,
      sql`select u.id, u.first_name, u.last_name from unnest(${toUuidArray(page.map((g) => g.firmUserId))}::uuid[]) as x(id)
          cross join lateral (select u.id, u.first_name, u.last_name from ${users} u where u.id = x.id limit 1) u`,
    ),
  ]);
  const titles = new Map(requests.map((r) => [r.id, r.position_title]));
  const names = new Map(firmUsers.map((u) => [u.id, { firstName: u.first_name, lastName: u.last_name }]));
  return page.flatMap((g) => {
    const title = titles.get(g.requestId);
    if (title === undefined) return [];
    const user = names.get(g.firmUserId);
    return [
      {
        at: g.at,
        first_at: g.firstAt,
        count: g.count,
        reads: readsOfKeys(g.reads),
        firm_name: g.firmName,
        first_name: user?.firstName ?? null,
        last_name: user?.lastName ?? null,
        request_id: g.requestId,
        position_title: title,
        firm_user_id: g.firmUserId,
        reader_roles: g.readerRoles,
      },
    ];
  });
}

/** One read of a group (GET /api/attorney/access-log/reads). */
export type AccessRead = {
  id: number;
  at: string;
  kind: AccessKind;
  file_name: string | null;
  /** The parts the read carried (null for reads recorded before reads kept them). */
  parts: ReadablePart[] | null;
};

/**
 * The individual reads of one access log entry: one firm user's reads of one request between `from` and
 * `to` (inclusive, to the millisecond the entry names), newest first, a page at a time after `after`
 * (the previous page's last created_at as PostgreSQL printed it, and id). Read through the (request, firm
 * user, created_at, id) index, so an entry of a million reads pages as fast as one of ten; narrowed to the
 * attorney's own events (policy attorneyRecords.ownAccessLog).
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
      parts: accessEvents.parts,
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
