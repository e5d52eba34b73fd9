import type { User } from '@shared/auth';
import type { AttorneyRequestItem } from '@shared/lpq';
import type { PageQuery } from '@shared/paging';
import type { FirmRequestDetail } from '@shared/requests';
import { isUuid } from '@shared/uuid';
import type { AppContext } from '../../context';
import { notFound } from '../../plugins/errors';
import { decodeCursor, encodeCursor } from '../../plugins/paging';
import { type Actor, ANONYMOUS, authorize } from '../../policies/authorize';
import { requestPolicies as policies } from '../../policies/request.policy';
import { toAttorneyItem } from './attorney-item';
import { firmMayRead, positionLpqStatus, toFirmRequestItem } from './firm-request-item';
import { attorneyRequestsForSession, firmPackageReadForSession } from './hot-reads.repo';
import { toPackage } from './package-versions';

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
        items: rows.map(({ request, ...extras }) => toAttorneyItem(request, extras)),
        nextCursor: requests.length > page.limit && last ? encodeCursor(last.sortKey, last.request.id) : null,
      };
    },
  };
}

/** Today as yyyy-mm-dd (UTC): the access end date is inclusive (as firmMayRead). */
const todayUtc = () => new Date().toISOString().slice(0, 10);

/**
 * GET /api/firm/lpq-requests/{id} (PRODUCT.md §5, §8). 404 for another firm's,
 * an unknown or a malformed id, and for a version that does not exist or may not be read; the package is
 * null while the firm may not read it; a returned package's access event was stored by the same statement.
 * `detail` is null when the session's user is not a firm user (their 403 comes first).
 */
export async function getFirmRequestForSession(
  ctx: AppContext,
  actor: Actor,
  input: { id: string; version?: number },
): Promise<{ user: User | null; answer: () => FirmRequestDetail }> {
  const session = authorize(policies.readWithSession, actor);
  const { id: requestId, version } = input;
  const { user, found } = await firmPackageReadForSession(ctx.db, session.sessionId, {
    requestId: isUuid(requestId) ? requestId : null,
    version: version ?? null,
    today: todayUtc(),
    kind: 'package_view',
  });
  return {
    user,
    answer: () => {
      const firm = authorize(policies.firmRequests, user ?? ANONYMOUS);
      authorize(policies.firmOwns, firm, found?.request);
      if (!found) throw notFound();
      const { request: row, lpq, versions, pkg } = found;
      const attorneyName = found.attorneyFirstName
        ? `${found.attorneyFirstName} ${found.attorneyLastName ?? ''}`.trim()
        : null;
      const request = toFirmRequestItem(row, attorneyName, versions, lpq?.submittedAt ?? null);
      const readable = firmMayRead(row) && row.currentVersion !== null;
      if (!readable) {
        if (version !== undefined) throw notFound();
        return { ...request, package: null };
      }
      if (!pkg || !found.recorded) throw notFound();
      const { include: _parts, ...stored } = toPackage(pkg.stored, pkg.documents);
      return {
        ...request,
        package: {
          ...stored,
          versions,
          positionLpq: lpq
            ? { status: positionLpqStatus(lpq), formData: lpq.formData, firmAnswers: lpq.firmAnswers }
            : null,
        },
      };
    },
  };
}
