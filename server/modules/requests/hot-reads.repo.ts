import { objectUrlFor } from '@shared/files';
import type { ChangeCounts } from '@shared/package-changes';
import { PAGE_MESSAGES } from '@shared/paging';
import type { PositionLpqStatus } from '@shared/position-lpq';
import type { ReadablePart } from '@shared/team';
import { sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { fromDriver, prefixedColumns, preparedSql } from '../../db/prepared';
import {
  accessEvents,
  lpqRequests,
  masterLpqs,
  positionLpqs,
  rateLimits,
  requestReviewers,
  sharedPackageFiles,
  sharedPackages,
  users,
} from '../../db/schema';
import { badRequest } from '../../plugins/errors';
import { firmReadKeySql, type RateLimit } from '../../plugins/rate-limit';
import {
  type AttorneyRef,
  assignedSql,
  attorneyRequestScopeSql,
  firmSeesSql,
  type MemberRef,
  packageOpenSql,
  packagePartsSql,
} from '../../policies/request-scope';
import { SESSION_IN_STATEMENT, sessionParams, sessionUserOfRow } from '../auth/sessions';
import type { AttorneyItemExtras } from './attorney/attorney-item';

/**
 * The two reads every signed-in user makes all day, each in ONE statement and one database round trip: the
 * session (its owner's composed form, auth/sessions.ts: SESSION_IN_STATEMENT) with its touch of last_used_at, the read, and — for the firm — the access event. The
 * statements are composed from the policies' SQL fragments (server/policies/): who the session is, which
 * requests its user may see, whether the package is open and which of its parts the reader gets are the
 * rules' own conditions, never restated here. The services judge the rows again before anything leaves.
 * bench/load-baseline.ts sends the same reads without the rules, as the floor to measure against.
 */

const r = alias(lpqRequests, 'r');
const p = sql.placeholder;
const raw = (text: string) => sql.raw(text);

/** The session's user as the rules' references: the same fragments as for a user the server knows. */
const sessionMember: MemberRef = {
  userId: raw(`"session"."u_id"`),
  firmId: raw(`"session"."m_firm_id"`),
  roles: raw(`"session"."m_roles"`),
};
const sessionAttorney: AttorneyRef = {
  userType: raw(`"session"."u_user_type"`),
  emailVerified: raw(`("session"."u_email_verified_at" is not null)`),
  lowerCaseEmail: raw(`lower("session"."u_email")`),
};

/**
 * A page of the attorney's requests (policy request.attorneyRequests), newest first (keyset paging,
 * server/plugins/paging.ts): `afterSentAt` and `afterId` the previous page's last row (both null: the first
 * page), `rows` the page's limit + 1. `sort_key` is the row's sent_at as text, for the next cursor.
 */
export const ATTORNEY_REQUESTS_FOR_SESSION = sql`with ${SESSION_IN_STATEMENT}
  select "session".*, ${raw(prefixedColumns(lpqRequests, 'r', 'r_'))}, ${r.sentAt}::text as "sort_key",
    pl."id" as "lpq_id", pl."status" as "lpq_status", pl."submitted_at" as "lpq_submitted_at",
    sp."include" as "include", (ml."updated_at" > sp."shared_at") as "master_changed"
  from "session"
  left join lateral (
    select * from ${lpqRequests} ${r}
    where ${attorneyRequestScopeSql(sessionAttorney, r)}
      and (${p('afterSentAt')}::timestamptz is null or (${r.sentAt}, ${r.id}) < (${p('afterSentAt')}::timestamptz, ${p('afterId')}::uuid))
    order by ${r.sentAt} desc, ${r.id} desc
    limit ${p('rows')}::int
  ) ${r} on true
  left join ${positionLpqs} pl on pl."request_id" = ${r.id}
  left join ${sharedPackages} sp on sp."request_id" = ${r.id} and sp."version" = ${r.currentVersion}
  left join ${masterLpqs} ml on ml."user_id" = "session"."u_id" and sp."request_id" is not null
  order by ${r.sentAt} desc, ${r.id} desc`;

/** FIRM_READ_LIMIT: the read counted by "limited" is within the member's limit for the request. */
const withinFirmReadLimit = sql`coalesce((select "count" from "limited"), 0) <= ${p('readLimit')}::int`;

/**
 * One request of the member's firm that the member may see (policy request.firmSees), with the attorney's name
 * once shared, its position LPQ, versions and reviewers, the parts the reader gets (`packageParts`) and —
 * while the package is open — one version of it with its files, the access event of that read and the mark
 * that a hiring reader opened it. `version` null: the current one. The event is inserted only when a package
 * row is returned, in the same statement: the package never leaves without it, and a failed insert fails the
 * whole read. The read is counted against FIRM_READ_LIMIT in the same statement ("limited"); past the limit
 * nothing is recorded and the service answers 429. A member whose firm requires a second factor they lack gets
 * no package row (the route answers 403), so a refused read is counted, recorded and marked nowhere.
 */
export const FIRM_PACKAGE_READ_FOR_SESSION = sql`with ${SESSION_IN_STATEMENT}, "request" as (
    select ${r}.*, u."first_name" as "attorney_first_name", u."last_name" as "attorney_last_name",
      ${assignedSql(sessionMember, r)} as "assigned", ${packagePartsSql(sessionMember, r)} as "parts",
      "session"."m_roles" as "reader_roles"
    from "session" join ${lpqRequests} ${r} on ${r.id} = ${p('requestId')}::uuid
      and "session"."u_user_type" = 'firm' and ${firmSeesSql(sessionMember, r)}
    left join ${users} u on u."id" = ${r.attorneyUserId} and ${r.sharedAt} is not null
  ), "package" as (
    select sp.* from ${sharedPackages} sp join "request" ${r} on sp."request_id" = ${r.id}
    where sp."version" = coalesce(${p('version')}::int, ${r.currentVersion}) and ${r.currentVersion} is not null
      and cardinality(${raw(`"r"."parts"`)}) > 0 and ${packageOpenSql(r, p('today'))}
      -- PRODUCT.md §10: a member who must enrol first is refused (403): nothing is served, so nothing is read.
      and not coalesce((select "u_must_enrol" from "session"), false)
  ), "limited" as (
    insert into ${rateLimits} ("key", "count", "reset_at")
    select ${firmReadKeySql(raw(`(select "u_id" from "session")`), raw(`pk."request_id"`))}, 1,
      ${p('now')}::timestamptz + make_interval(secs => ${p('readWindowSeconds')}::int)
    from "package" pk where ${p('kind')}::text is not null
    on conflict ("key") do update set
      "count" = case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end,
      "reset_at" = case when ${rateLimits.resetAt} <= now() then excluded."reset_at" else ${rateLimits.resetAt} end
    returning "count", "reset_at"
  ), "recorded" as (
    insert into ${accessEvents} ("request_id", "attorney_user_id", "firm_user_id", "firm_id", "firm_name", "kind", "reader_roles", "parts", "in_trail")
    select ${r.id}, ${r.attorneyUserId}, (select "u_id" from "session"), ${r.firmId}, ${r.firmName}, ${p('kind')}::text,
      ${raw(`"r"."reader_roles"`)}, ${raw(`"r"."parts"`)}, false
    from "package" pk join "request" ${r} on ${r.id} = pk."request_id"
    where ${p('kind')}::text is not null and ${withinFirmReadLimit}
    returning 1
  ), "opened" as (
    update ${lpqRequests} set "firm_opened_at" = ${p('now')}::timestamptz
    where "id" = (select pk."request_id" from "package" pk) and (select 'masterLpq' = any("parts") from "request")
      and ("firm_opened_at" is null or "firm_opened_at" < "attention_at") and ${p('kind')}::text is not null
      and ${withinFirmReadLimit}
    returning 1
  )
  select "session".*, ${raw(prefixedColumns(lpqRequests, 'request', 'r_'))},
    "request"."attorney_first_name", "request"."attorney_last_name", "request"."assigned", "request"."parts",
    ${raw(prefixedColumns(positionLpqs, 'lpq', 'l_'))}, ${raw(prefixedColumns(sharedPackages, 'package', 'p_'))},
    (select json_agg(json_build_object('version', v."version", 'sharedAt', v."shared_at",
                                       'changeCounts', v."change_counts") order by v."version")
     from ${sharedPackages} v where v."request_id" = "request"."id") as "versions",
    -- Issue 67: the version that was the latest when this member last opened the package, before this read
    -- (the statement's own access event is not visible to it): the review page's 'since version M'.
    (select max(v."version") from ${sharedPackages} v where v."request_id" = "request"."id"
       and v."shared_at" <= (select max(e."created_at") from ${accessEvents} e
         where e."request_id" = "request"."id" and e."firm_user_id" = "session"."u_id"
           and e."kind" = 'package_view')) as "last_opened_version",
    (select json_agg(json_build_object('id', f."file_id", 'name', f."name", 'contentType', f."content_type",
                                       'size', f."size") order by f."position")
     from ${sharedPackageFiles} f
     where f."request_id" = "package"."request_id" and f."version" = "package"."version") as "package_files",
    (select json_agg(json_build_object('userId', ru."id", 'firstName', ru."first_name", 'lastName', ru."last_name")
                     order by ru."last_name", ru."first_name")
     from ${requestReviewers} rr join ${users} ru on ru."id" = rr."user_id"
     where rr."request_id" = "request"."id") as "reviewers",
    (select count(*) from "recorded") as "recorded",
    (select "count" from "limited") as "read_count", (select "reset_at" from "limited") as "read_reset_at"
  from "session"
  left join "request" on true
  left join ${positionLpqs} lpq on lpq."request_id" = "request"."id"
  left join "package" on true`;

type RawRow = Record<string, unknown>;

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
  const rows = await preparedSql(db, 'attorney_requests_for_session', ATTORNEY_REQUESTS_FOR_SESSION)
    .execute({
      ...sessionParams(sessionId),
      afterSentAt: page.after?.[0] ?? null,
      afterId: page.after?.[1] ?? null,
      rows: page.limit + 1,
    })
    .catch((err: unknown) => {
      // A cursor whose key does not parse as a timestamp: the link is stale or made up.
      const e = err as { code?: string; cause?: { code?: string } };
      if (page.after && (e.code ?? e.cause?.code)?.startsWith('22')) {
        throw badRequest(PAGE_MESSAGES.badCursor, { cursor: PAGE_MESSAGES.badCursor });
      }
      throw err;
    });
  return {
    user: sessionUserOfRow(rows[0]),
    requests: rows.flatMap((row) => {
      const request = fromDriver(lpqRequests, row, 'r_');
      if (!request) return [];
      return [{ request, sortKey: row.sort_key as string, extras: attorneyItemExtras(row) }];
    }),
  };
}

const PACKAGE_DOCUMENTS = ['profile', 'masterLpq', 'conflictsForm', 'diversityForm', 'businessPlan'] as const;

const isoOf = (value: unknown) => new Date(value as string).toISOString();

/** A text[] as the driver gives it: parsed by node-postgres, PostgreSQL's text form on some paths. */
const textArray = (value: unknown): string[] =>
  Array.isArray(value)
    ? value
    : typeof value === 'string'
      ? value
          .replace(/^\{|\}$/g, '')
          .split(',')
          .filter(Boolean)
      : [];

/**
 * Session lookup, touch, one request of the member's firm with its package, and the access event, in one round
 * trip. `recorded` says whether the access event was stored (exactly when `pkg` is not null). The package's
 * documents and the position LPQ's answers are RawJson (server/db/prepared.ts): for the route's encoder only.
 */
export async function firmPackageReadForSession(
  db: Db,
  sessionId: string,
  input: { requestId: string | null; version: number | null; today: string; kind: string | null },
  readLimit: RateLimit,
) {
  const params = sessionParams(sessionId);
  const [row] = await preparedSql(db, 'firm_package_read_for_session', FIRM_PACKAGE_READ_FOR_SESSION, {
    jsonbAsText: true,
  }).execute({
    ...params,
    requestId: input.requestId,
    version: input.version,
    today: input.today,
    kind: input.kind,
    readLimit: readLimit.max,
    readWindowSeconds: Math.round(readLimit.windowMs / 1000),
  });
  const user = sessionUserOfRow(row);
  const request = row ? fromDriver(lpqRequests, row, 'r_') : null;
  if (!row || !user || !request) return { user, found: null };
  type StoredVersion = { version: number; sharedAt: string; changeCounts: ChangeCounts | null };
  const versions = ((row.versions as StoredVersion[] | null) ?? []).map((v) => ({
    version: v.version,
    sharedAt: isoOf(v.sharedAt),
    changeCounts: v.changeCounts ?? null,
  }));
  // The stored documents go out as the database printed them (RawJson): the contract passes them on whole.
  const stored = fromDriver(sharedPackages, row, 'p_', PACKAGE_DOCUMENTS);
  const files =
    (row.package_files as { id: string; name: string; contentType: string; size: number }[]) ?? [];
  const reviewers = (row.reviewers as { userId: string; firstName: string; lastName: string }[] | null) ?? [];
  return {
    user,
    found: {
      request,
      assigned: row.assigned === true,
      parts: textArray(row.parts) as ReadablePart[],
      attorneyFirstName: row.attorney_first_name as string | null,
      attorneyLastName: row.attorney_last_name as string | null,
      lpq: fromDriver(positionLpqs, row, 'l_', ['formData', 'firmAnswers']),
      versions,
      lastOpenedVersion: row.last_opened_version == null ? null : Number(row.last_opened_version),
      reviewers,
      pkg: stored && {
        stored,
        documents: files.map((f) => ({ ...f, size: Number(f.size), url: objectUrlFor(f.id) })),
      },
      recorded: Number(row.recorded) > 0,
      // FIRM_READ_LIMIT: this read's count in the member's window for the request (null: not counted).
      readCount: row.read_count == null ? null : Number(row.read_count),
      readResetAt: row.read_reset_at == null ? null : new Date(row.read_reset_at as string),
    },
  };
}
