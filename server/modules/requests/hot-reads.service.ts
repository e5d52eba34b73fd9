import type { User } from '@shared/auth';
import { changeCountFor } from '@shared/package-changes';
import type { PageQuery } from '@shared/paging';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import type { FirmRequestDetail, SharedPackage } from '@shared/requests';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { decodeCursor, encodeCursor } from '../../plugins/paging';
import { firmReadLimit, tooManyReads } from '../../plugins/rate-limit';
import { type Actor, ANONYMOUS, authorize } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { packageOpen, packageParts, todayUtc } from '../../policies/request-scope';
import { toAttorneyItem } from './attorney/attorney-item';
import { positionLpqStatus, toFirmRequestItem } from './firm/firm-request-item';
import { attorneyRequestsForSession, firmPackageReadForSession } from './hot-reads.repo';
import { backfillChangeCounts, changeCountsOf, toPackage, withParts } from './sharing/package-versions';

/**
 * The hot reads with their session in one statement (hot-reads.repo.ts). The actor is the session
 * cookie, not looked up yet (policy request.readWithSession). Each answers the user the session belongs
 * to (null: signed out) and `answer`, which authorizes that user (401, 403) before anything read leaves:
 * the same rules as the other services (readOwnPackage, firm-requests.service.ts, is the plain form of the
 * firm's read, for the PDF and the changes).
 */

/**
 * GET /api/attorney/lpq-requests: a page of the requests sent to the attorney's verified address, newest
 * first, and the cursor of the next page (null on the last). A bad cursor is a 400 before any query.
 */
export async function listAttorneyRequestsForSession(
  ctx: AppContext,
  actor: Actor,
  page: PageQuery,
): Promise<{ user: User | null; answer: () => { items: AttorneyRequestItem[]; nextCursor: string | null } }> {
  const session = authorize(policies.readWithSession, actor);
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  const { user, requests } = await attorneyRequestsForSession(ctx.db, session.sessionId, {
    after,
    limit: page.limit,
  });
  return {
    user,
    answer: () => {
      authorize(policies.attorneyRequests, user ?? ANONYMOUS);
      const rows = requests.slice(0, page.limit);
      const last = rows.at(-1);
      return {
        items: rows.map((row) => toAttorneyItem(row.request, row.extras)),
        nextCursor: requests.length > page.limit && last ? encodeCursor(last.sortKey, last.request.id) : null,
      };
    },
  };
}

/**
 * GET /api/firm/lpq-requests/{id} (PRODUCT.md §5, §8, §9). 404 for a request the member may not see (another
 * firm's, a reviewer's unassigned one), an unknown or a malformed id, and for a version that does not exist or
 * may not be read; the package is null while it is not open, and holds only the parts the member's roles reach
 * (`packageParts`, `visibleParts`); a returned package's access event was stored by the same statement.
 */
export async function getFirmRequestForSession(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number; headOnly?: boolean },
): Promise<{ user: User | null; answer: () => FirmRequestDetail }> {
  const session = authorize(policies.readWithSession, actor);
  const { id: requestId, version } = input;
  const readLimit = firmReadLimit(ctx.config);
  const { user, found } = await firmPackageReadForSession(
    ctx.db,
    session.sessionId,
    {
      requestId: isUuid(requestId) ? requestId : null,
      version: version ?? null,
      today: todayUtc(),
      // A HEAD sends nothing of the package: it is not a read, and it is not recorded (README, Security).
      kind: input.headOnly ? null : 'package_view',
    },
    readLimit,
  );
  // Issue 67: versions stored before their changes were counted are counted on this first read, and kept.
  if (found?.versions.some((v) => v.version > 1 && v.changeCounts === null)) {
    await backfillChangeCounts(ctx.db, found.request.id, found.request.firmName);
    const counted = await changeCountsOf(ctx.db, found.request.id);
    for (const v of found.versions) v.changeCounts = counted.get(v.version) ?? null;
  }
  return {
    user,
    answer: () => {
      const member = authorize(policies.firmSees, user ?? ANONYMOUS);
      const facts = found && {
        firmId: found.request.firmId,
        currentVersion: found.request.currentVersion,
        assigned: found.assigned,
      };
      authorize(policies.firmSees, member, facts ?? undefined);
      const { request: row, lpq, pkg } = found!;
      const parts = packageParts(member, facts!);
      const versions = found!.versions.map(({ changeCounts, ...v }) => ({
        ...v,
        changes: v.version > 1 ? changeCountFor(changeCounts, parts) : null,
      }));
      const attorneyName = found!.attorneyFirstName
        ? `${found!.attorneyFirstName} ${found!.attorneyLastName ?? ''}`.trim()
        : null;
      const request = toFirmRequestItem(row, attorneyName, versions, lpq?.submittedAt ?? null);
      const detail = {
        ...request,
        visibleParts: parts,
        reviewers: found!.reviewers,
        lastOpenedVersion: found!.lastOpenedVersion,
        // Issue 67 item 11: the candidate card's conflicts status, as the pipeline's list reads it (null before
        // a share).
        conflictsStatus: row.currentVersion !== null ? row.conflictsStatus : null,
        conflictsWaiting: row.currentVersion !== null ? row.conflictsWaiting : 0,
      };
      const readable = packageOpen(row) && row.currentVersion !== null && parts.length > 0;
      if (!readable) {
        if (version !== undefined) throw notFound();
        return { ...detail, package: null };
      }
      // FIRM_READ_LIMIT: past it the statement recorded nothing, and the package does not leave.
      if (found!.readCount !== null && found!.readCount > readLimit.max)
        throw tooManyReads(found!.readResetAt ?? new Date());
      if (!pkg || (!found!.recorded && !input.headOnly)) throw notFound();
      const { include: _parts, ...stored } = toPackage(pkg.stored, pkg.documents);
      const whole: SharedPackage = {
        ...stored,
        versions,
        positionLpq: lpq
          ? { status: positionLpqStatus(lpq), formData: lpq.formData, firmAnswers: lpq.firmAnswers }
          : null,
      };
      return { ...detail, package: withParts(whole, parts) };
    },
  };
}
