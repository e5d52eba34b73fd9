import type { User } from '@shared/auth';
import { objectUrlFor } from '@shared/files';
import { SESSION } from '@shared/limits';
import type { PositionLpqStatus } from '@shared/lpq';
import { PAGE_MESSAGES } from '@shared/paging';
import { SHARED_DOCUMENT_STATUSES } from '@shared/requests';
import type { Db } from '../../db/client';
import { fromDriver, prefixedColumns, preparedSqlText } from '../../db/prepared';
import { lpqRequests, positionLpqs, sharedPackages } from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import type { AttorneyItemExtras } from './attorney-item';

/**
 * The two reads every signed-in user makes all day, each in ONE statement and one database round trip
 * (issue 17): the session lookup with its touch of last_used_at, the read, and — for the firm — the access
 * event. The rules around them (401, 403, 404, who may read what) stay in the services; this file only
 * holds the SQL and turns its rows into the app's types. bench/load-baseline.ts sends the same text.
 */

// lastUsedAt is written at most this often (the same interval as server/modules/auth/sessions.ts).
export const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/**
 * $1 the session id (the token's hash), $2 now, $3 the idle cutoff, $4 touch when last used before this.
 * The same conditions as validateSession; the touch runs inside the statement and nothing reads it.
 */
const SESSION_CTES = `"session" as (
    select s."id" as "session_id", u."id" as "u_id", u."email" as "u_email", u."first_name" as "u_first_name",
           u."last_name" as "u_last_name", u."user_type" as "u_user_type", u."email_verified_at" as "u_email_verified_at"
    from "sessions" s join "users" u on u."id" = s."user_id"
    where s."id" = $1 and s."expires_at" > $2 and s."last_used_at" > $3
  ), "touched" as (
    update "sessions" set "last_used_at" = $2
    where "id" = (select "session_id" from "session") and "last_used_at" < $4
    returning 1
  )`;

/**
 * A page of the attorney's requests sent to their verified address, newest first (keyset paging,
 * server/plugins/paging.ts): $5 the previous page's last sent_at as PostgreSQL printed it and $6 its id
 * (both null: the first page), $7 the rows to read (the page's limit + 1, to know whether a next page
 * exists). `sort_key` is the row's sent_at as text, for the next cursor.
 */
export const ATTORNEY_REQUESTS_FOR_SESSION_SQL = `with ${SESSION_CTES}
  select "session".*, ${prefixedColumns(lpqRequests, 'r', 'r_')}, r."sent_at"::text as "sort_key",
    pl."id" as "lpq_id", pl."status" as "lpq_status", pl."submitted_at" as "lpq_submitted_at",
    sp."include" as "include", (ml."updated_at" > sp."shared_at") as "master_changed"
  from "session"
  left join lateral (
    select * from "lpq_requests" r
    where "session"."u_user_type" = 'attorney' and "session"."u_email_verified_at" is not null
      and lower(r."attorney_email") = lower("session"."u_email")
      and ($5::timestamptz is null or (r."sent_at", r."id") < ($5::timestamptz, $6::uuid))
    order by r."sent_at" desc, r."id" desc
    limit $7::int
  ) r on true
  left join "position_lpqs" pl on pl."request_id" = r."id"
  left join "shared_packages" sp on sp."request_id" = r."id" and sp."version" = r."current_version"
  left join "master_lpqs" ml on ml."user_id" = "session"."u_id" and sp."request_id" is not null
  order by r."sent_at" desc, r."id" desc`;

const SHARED_STATUSES_SQL = SHARED_DOCUMENT_STATUSES.map((s) => `'${s}'`).join(', ');

/**
 * One of the firm's requests with its attorney's name, position LPQ and versions, and — while the firm
 * may read it (shared, not revoked, within its access period, as firmMayRead) — one version of its package
 * with its files, and the access event of that read. $5 the request id (null: matches nothing), $6 the
 * version (null: the current one), $7 today (yyyy-mm-dd, UTC), $8 the access event's kind. The event is
 * inserted only when a package row is returned, in the same statement: the package never leaves without
 * it, and a failed insert fails the whole read.
 */
export const FIRM_PACKAGE_READ_FOR_SESSION_SQL = `with ${SESSION_CTES}, "request" as (
    select r.*, u."first_name" as "attorney_first_name", u."last_name" as "attorney_last_name"
    from "lpq_requests" r
    left join "users" u on u."id" = r."attorney_user_id" and r."shared_at" is not null
    where r."id" = $5::uuid and r."firm_user_id" = (select "u_id" from "session" where "u_user_type" = 'firm')
  ), "package" as (
    select sp.* from "shared_packages" sp join "request" r on sp."request_id" = r."id"
    where sp."version" = coalesce($6::int, r."current_version") and r."current_version" is not null
      and r."status" in (${SHARED_STATUSES_SQL}) and (r."access_until" is null or r."access_until" >= $7::date)
  ), "recorded" as (
    insert into "access_events" ("request_id", "attorney_user_id", "firm_user_id", "firm_name", "kind")
    select r."id", r."attorney_user_id", r."firm_user_id", r."firm_name", $8::text
    from "package" p join "request" r on r."id" = p."request_id"
    returning 1
  )
  select "session".*, ${prefixedColumns(lpqRequests, 'request', 'r_')},
    "request"."attorney_first_name", "request"."attorney_last_name",
    ${prefixedColumns(positionLpqs, 'lpq', 'l_')}, ${prefixedColumns(sharedPackages, 'package', 'p_')},
    (select json_agg(json_build_object('version', v."version", 'sharedAt', v."shared_at") order by v."version")
     from "shared_packages" v where v."request_id" = "request"."id") as "versions",
    (select json_agg(json_build_object('id', f."file_id", 'name', f."name", 'contentType', f."content_type",
                                       'size', f."size") order by f."position")
     from "shared_package_files" f
     where f."request_id" = "package"."request_id" and f."version" = "package"."version") as "package_files",
    (select count(*) from "recorded") as "recorded"
  from "session"
  left join "request" on true
  left join "position_lpqs" lpq on lpq."request_id" = "request"."id"
  left join "package" on true`;

type RawRow = Record<string, unknown>;

/** The session's parameters at this moment: $1…$4 of both statements. */
export function sessionParams(sessionId: string, now = new Date()) {
  return [
    sessionId,
    now.toISOString(),
    new Date(now.getTime() - SESSION.idleMs).toISOString(),
    new Date(now.getTime() - SESSION_TOUCH_INTERVAL_MS).toISOString(),
  ];
}

/** The signed-in user of a row of either statement; null when the session is unknown, expired or idle. */
function sessionUser(row: RawRow | undefined): User | null {
  if (!row) return null;
  return {
    id: row.u_id as string,
    email: row.u_email as string,
    firstName: row.u_first_name as string,
    lastName: row.u_last_name as string,
    userType: row.u_user_type as User['userType'],
    emailVerified: row.u_email_verified_at !== null,
  };
}

/** What a row of the attorney's list says beside the request: its position LPQ and latest version. */
export function attorneyItemExtras(row: RawRow): AttorneyItemExtras {
  return {
    lpq: row.lpq_id
      ? {
          id: row.lpq_id as string,
          status: row.lpq_status as PositionLpqStatus,
          submittedAt: row.lpq_submitted_at ? new Date(row.lpq_submitted_at as string) : null,
        }
      : null,
    include: (row.include as typeof sharedPackages.$inferSelect.include | null) ?? null,
    masterChanged: row.master_changed === true,
  };
}

/** Session lookup, touch and a page of the attorney's request list, in one round trip. */
export async function attorneyRequestsForSession(
  db: Db,
  sessionId: string,
  page: { after: [string, string] | null; limit: number },
) {
  const rows = await preparedSqlText(db, 'attorney_requests_for_session', ATTORNEY_REQUESTS_FOR_SESSION_SQL)
    .execute([...sessionParams(sessionId), page.after?.[0] ?? null, page.after?.[1] ?? null, page.limit + 1])
    .catch((err: unknown) => {
      // A cursor whose key does not parse as a timestamp: the link is stale or made up.
      const e = err as { code?: string; cause?: { code?: string } };
      if (page.after && (e.code ?? e.cause?.code)?.startsWith('22')) {
        throw badRequest(PAGE_MESSAGES.badCursor, { cursor: PAGE_MESSAGES.badCursor });
      }
      throw err;
    });
  return {
    user: sessionUser(rows[0]),
    requests: rows.flatMap((row) => {
      const request = fromDriver(lpqRequests, row, 'r_');
      if (!request) return [];
      return [
        {
          request,
          sortKey: row.sort_key as string,
          ...attorneyItemExtras(row),
        },
      ];
    }),
  };
}

const PACKAGE_DOCUMENTS = ['profile', 'masterLpq', 'conflictsForm', 'diversityForm', 'businessPlan'] as const;

const isoOf = (value: unknown) => new Date(value as string).toISOString();

/**
 * Session lookup, touch, one of the firm's requests with its package, and the access event, in one
 * round trip. `recorded` says whether the access event was stored (exactly when `pkg` is not null).
 * The package's documents and the position LPQ's answers are RawJson (server/db/prepared.ts): for the
 * route's encoder only, nothing here reads into them.
 */
export async function firmPackageReadForSession(
  db: Db,
  sessionId: string,
  input: { requestId: string | null; version: number | null; today: string; kind: string },
) {
  const [row] = await preparedSqlText(
    db,
    'firm_package_read_for_session',
    FIRM_PACKAGE_READ_FOR_SESSION_SQL,
    {
      jsonbAsText: true,
    },
  ).execute([...sessionParams(sessionId), input.requestId, input.version, input.today, input.kind]);
  const user = sessionUser(row);
  const request = row ? fromDriver(lpqRequests, row, 'r_') : null;
  if (!row || !user || !request) return { user, found: null };
  const versions = ((row.versions as { version: number; sharedAt: string }[] | null) ?? []).map((v) => ({
    version: v.version,
    sharedAt: isoOf(v.sharedAt),
  }));
  // The stored documents go out as the database printed them (RawJson): the contract passes them on
  // whole, so parsing them here only to write them again was a third of this read's CPU.
  const stored = fromDriver(sharedPackages, row, 'p_', PACKAGE_DOCUMENTS);
  const files =
    (row.package_files as { id: string; name: string; contentType: string; size: number }[]) ?? [];
  return {
    user,
    found: {
      request,
      attorneyFirstName: row.attorney_first_name as string | null,
      attorneyLastName: row.attorney_last_name as string | null,
      lpq: fromDriver(positionLpqs, row, 'l_', ['formData', 'firmAnswers']),
      versions,
      pkg: stored && {
        stored,
        documents: files.map((f) => ({ ...f, size: Number(f.size), url: objectUrlFor(f.id) })),
      },
      recorded: Number(row.recorded) > 0,
    },
  };
}
