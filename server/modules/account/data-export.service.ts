import { ACCOUNT_MESSAGES, EXPORT_FILES } from '@shared/account';
import type { PackageCertificate } from '@shared/certification';
import { objectUrlFor } from '@shared/files';
import type { FirmRequestItem, SharedPackage } from '@shared/requests';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context';
import type { Db } from '../../db/client';
import type { lpqRequests, positionLpqs } from '../../db/schema';
import type { AuditTrailPdf } from '../../pdf/audit-trail-pdf';
import { conflict } from '../../plugins/errors';
import { claimLease, clearRateLimit } from '../../plugins/rate-limit';
import { accountPolicies as policies } from '../../policies/account.policy';
import { type Actor, type AttorneyUser, authorize } from '../../policies/authorize';
import { readAttorneyProfile } from '../attorney/attorney.repo';
import { queryAccessLog, recordActivity } from '../audit/audit.repo';
import { recordKey } from '../audit/trail-receipt';
import {
  readBusinessPlan,
  readConflictsForm,
  readDiversityForm,
  readMasterLpq,
} from '../master-lpq/master-lpq.repo';
import { toFirmRequestItem } from '../requests/firm/firm-request-item';
import { auditTrailExportEntries } from '../requests/record/record-export';
import { listVersions, loadCertificate, loadVersion } from '../requests/sharing/package-versions';
import { accountRecord, activityOf, draftsOf, filesOf, requestsWithLpqs } from './account.repo';
import { streamZip } from './zip';

type RequestRow = typeof lpqRequests.$inferSelect;
type PositionLpqRow = typeof positionLpqs.$inferSelect;

/**
 * One export per attorney at a time, across processes (a lease in rate_limits); a process that dies
 * mid-export frees it after this long.
 */
const EXPORT_LEASE_MS = 15 * 60 * 1000;

/**
 * Exports reading at once in this process, at most: each read holds a pool connection for its transaction,
 * and many exports at once would take every connection from the other users (bench/load.ts, data export
 * phase). The others wait their turn here, before they touch the database.
 */
const READS_AT_ONCE = 2;
let reading = 0;
const waitingToRead: (() => void)[] = [];
async function inTurn<T>(read: () => Promise<T>): Promise<T> {
  while (reading >= READS_AT_ONCE) await new Promise<void>((resolve) => waitingToRead.push(resolve));
  reading++;
  try {
    return await read();
  } finally {
    reading--;
    waitingToRead.shift()?.();
  }
}

/** Everything in the access log, not the screen's first page. */
const ACCESS_LOG_ALL = 100_000;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A name part for a file inside the archive: letters, digits and dashes only. */
const slug = (value: string) =>
  value
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60) || 'untitled';

/** The position LPQ as the firm's review screen and PDF show it. */
const firmViewOfLpq = (lpq: PositionLpqRow | undefined): SharedPackage['positionLpq'] =>
  lpq
    ? {
        status: lpq.status === 'draft' ? 'not_started' : lpq.status,
        formData: lpq.formData,
        firmAnswers: lpq.firmAnswers,
      }
    : null;

/**
 * One request as the attorney may know it: what the firm wrote to them, its status and every date.
 * Never the firm's notes or the firm user's id.
 */
function requestRecord(row: RequestRow, lpq: PositionLpqRow | undefined) {
  return {
    id: row.id,
    firmName: row.firmName,
    positionTitle: row.positionTitle,
    practiceArea: row.practiceArea,
    status: row.status,
    sentTo: row.attorneyEmail,
    sentAt: row.sentAt.toISOString(),
    dueDate: row.dueDate,
    contactPersonName: row.contactPersonName,
    contactPersonTitle: row.contactPersonTitle,
    contactPhone: row.contactPhone,
    additionalMessage: row.additionalMessage,
    firmSpecificQuestions: row.firmSpecificQuestions,
    remindedAt: iso(row.reminderSentAt),
    lastResentAt: iso(row.lastResentAt),
    sharedAt: iso(row.sharedAt),
    declinedAt: iso(row.declinedAt),
    declineReason: row.declineReason,
    reviewedAt: iso(row.reviewedAt),
    completedAt: iso(row.completedAt),
    withdrawnAt: iso(row.withdrawnAt),
    accessUntil: row.accessUntil,
    revokedAt: iso(row.revokedAt),
    revokedBy: row.revokedBy,
    currentVersion: row.currentVersion,
    positionLpq: lpq
      ? {
          id: lpq.id,
          status: lpq.status,
          formData: lpq.formData,
          firmAnswers: lpq.firmAnswers,
          submittedAt: iso(lpq.submittedAt),
          createdAt: lpq.createdAt.toISOString(),
          updatedAt: lpq.updatedAt.toISOString(),
        }
      : null,
  };
}

/**
 * A file the archive will hold, rendered after the read: the frozen version as the firm saw it (with its
 * certificate), a request's audit trail as PDF, or bytes already made (the trail's CSV).
 */
type PdfToRender =
  | { name: string; item: FirmRequestItem; pkg: SharedPackage; certificate?: PackageCertificate }
  | { name: string; trail: AuditTrailPdf }
  | { name: string; data: Buffer };

/**
 * Everything the product holds about the attorney, in one consistent snapshot (a repeatable-read, read-only
 * transaction) that renders nothing: the PDFs are only listed here, with what each needs.
 */
async function readExport(ctx: AppContext, user: AttorneyUser, exportedAt: Date) {
  return ctx.db.transaction(
    async (tx) => {
      const db = tx as unknown as Db;
      const account = await accountRecord(db, user.id);
      const requestRows = await requestsWithLpqs(db, user);

      const requests = [];
      const pdfs: PdfToRender[] = [];
      const usedNames = new Set<string>();
      for (const { request, lpq } of requestRows) {
        const mine = request.attorneyUserId === user.id;
        const versionList = mine ? await listVersions(db, request.id) : [];
        const item = toFirmRequestItem(
          request,
          `${user.firstName} ${user.lastName}`,
          versionList,
          lpq?.submittedAt ?? null,
        );
        const versions = [];
        for (const { version } of versionList) {
          const stored = await loadVersion(db, request.id, version);
          if (!stored) continue;
          const { include, ...frozen } = stored;
          const pkg: SharedPackage = {
            ...frozen,
            versions: versionList,
            positionLpq: firmViewOfLpq(lpq ?? undefined),
          };
          let name = `${EXPORT_FILES.sharedFolder}/${slug(request.firmName)}-${slug(request.positionTitle)}-v${version}.pdf`;
          if (usedNames.has(name)) name = name.replace(/\.pdf$/, `-${request.id.slice(0, 8)}.pdf`);
          usedNames.add(name);
          const certificate = (await loadCertificate(db, request.id, version)) ?? undefined;
          pdfs.push({ name, item, pkg, certificate });
          versions.push({ ...frozen, include, pdf: name });
        }
        requests.push({
          ...requestRecord(request, mine ? (lpq ?? undefined) : undefined),
          sharedVersions: versions,
        });
      }

      // PRODUCT.md §11: the audit trail of every request, as CSV and one PDF per request.
      pdfs.push(...(await auditTrailExportEntries(db, user, recordKey(ctx.config))));
      const fileRows = await filesOf(db, user.id);
      // Issue 67: the documents themselves, streamed into the archive after the PDFs, each under a name of
      // its own (the id's first 8 characters keep two files of one name apart).
      const documents = fileRows
        .filter((f) => f.status === 'ready')
        .map((f) => ({
          id: f.id,
          storageKey: f.storageKey,
          name: `${EXPORT_FILES.documentsFolder}/${f.id.slice(0, 8)}-${f.filename.replace(/[/\\]/g, '_')}`,
        }));
      const archived = new Map(documents.map((d) => [d.id, d.name]));
      const activity = await activityOf(db, user.id);
      const drafts = await draftsOf(db, user.id);

      const document = {
        format: 'lateral-passport-export',
        formatVersion: 1,
        exportedAt: exportedAt.toISOString(),
        about:
          'Everything Lateral Passport holds about you. The PDFs in shared/ are the packages you shared, each version as the firm saw it. Firms’ own notes are theirs and are not included.',
        account: account && {
          ...account,
          emailVerifiedAt: iso(account.emailVerifiedAt),
          createdAt: account.createdAt.toISOString(),
        },
        profile: await readAttorneyProfile(db, user.id),
        selfIdentification: await readDiversityForm(db, user.id),
        masterLpq: await readMasterLpq(db, user.id),
        conflictsForm: await readConflictsForm(db, user.id),
        businessPlan: await readBusinessPlan(db, user.id),
        // What was typed into a form and not saved yet (autosave).
        unsavedDrafts: drafts.map((d) => ({ ...d, updatedAt: d.updatedAt.toISOString() })),
        files: fileRows.map((f) => ({
          id: f.id,
          name: f.filename,
          contentType: f.contentType,
          size: f.size,
          status: f.status,
          url: f.status === 'ready' ? objectUrlFor(f.id) : null,
          inArchive: archived.get(f.id) ?? null,
          uploadedAt: f.createdAt.toISOString(),
          confirmedAt: iso(f.confirmedAt),
        })),
        requests,
        // As the attorney reads it, without the firm user's id (the export names people, never ids).
        accessLog: (await queryAccessLog(db, user.id, { limit: ACCESS_LOG_ALL })).map(
          ({ readerId: _id, ...entry }) => entry,
        ),
        activity: activity.map((a) => ({
          kind: a.kind,
          title: a.title,
          detail: a.detail,
          at: a.createdAt.toISOString(),
        })),
      };
      return { document, pdfs, documents };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

/**
 * GET /api/attorney/data-export: everything the product holds about the attorney as a
 * ZIP of one JSON file and the PDF of every version of every package they shared, rendered as the firm saw
 * it (revoked ones too: it is the attorney's own data). Other people appear only as the attorney already
 * sees them: firm names and the names in the access log.
 *
 * The data is read in one short read-only transaction, and only then are the PDFs
 * rendered, one at a time through the bounded pool (ctx.pdf), each streamed into the archive as it comes:
 * no transaction, connection or snapshot is held while rendering, and memory holds about one PDF. One
 * export per attorney at a time: a second one while the first runs is a 409 with a message.
 */
export async function exportAttorneyData(ctx: AppContext, actor: Actor, input: { log: FastifyBaseLogger }) {
  const user = authorize(policies.manageOwnAttorneyData, actor);
  const leaseKey = `data-export:${user.id}`;
  if (!(await claimLease(ctx.db, leaseKey, EXPORT_LEASE_MS))) throw conflict(ACCOUNT_MESSAGES.exportRunning);
  const release = () =>
    clearRateLimit(ctx.db, leaseKey).catch((err: unknown) =>
      input.log.warn({ err }, 'data export: lease not released'),
    );
  const exportedAt = new Date();
  let read: Awaited<ReturnType<typeof readExport>>;
  try {
    read = await inTurn(() => readExport(ctx, user, exportedAt));
    await recordActivity(ctx.db, {
      userId: user.id,
      kind: 'data_exported',
      title: 'Downloaded a copy of your data',
    });
  } catch (err) {
    await release();
    throw err;
  }
  const { document, pdfs, documents } = read;
  const archive = streamZip(
    exportedAt,
    async (add, signal, addStream) => {
      try {
        await add(EXPORT_FILES.json, Buffer.from(JSON.stringify(document, null, 2)), { compress: true });
        for (const pdf of pdfs) {
          if ('data' in pdf) {
            await add(pdf.name, pdf.data, { compress: true });
            continue;
          }
          const options = { waitForRoom: true, signal };
          const bytes =
            'trail' in pdf
              ? await ctx.pdf.renderTrail(pdf.trail, options)
              : await ctx.pdf.render(pdf.item, pdf.pkg, { ...options, certificate: pdf.certificate });
          // pdfmake's PDFs are compressed already: stored as they are.
          await add(pdf.name, bytes, { compress: false });
        }
        // The documents' bytes, one at a time from storage; one that is gone is left out, not a broken export.
        for (const doc of documents) {
          const download = await ctx.storage.download(doc.storageKey).catch(() => null);
          if (download) await addStream(doc.name, download.stream, download.size);
        }
      } finally {
        await release();
      }
    },
    (err) => input.log.error({ err }, 'data export failed while streaming'),
  );
  return { archive, fileName: `lateral-passport-export-${exportedAt.toISOString().slice(0, 10)}.zip` };
}
