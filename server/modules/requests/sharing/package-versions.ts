import type { User } from '@shared/auth';
import { canonicalJson } from '@shared/canonical-json';
import { CERTIFICATION_STATEMENT, type Certification, type PackageCertificate } from '@shared/certification';
import { withholdMasterLpqClients, withholdMatters } from '@shared/conflicts';
import { type FileRef, fileIdFromUrl, objectUrlFor } from '@shared/files';
import { type ChangeCounts, changeCountsByPart } from '@shared/package-changes';
import type { SharedPackage } from '@shared/requests';
import { chosenParts, type PackageParts } from '@shared/sharing';
import { READABLE_PARTS, type ReadablePart } from '@shared/team';
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../../db/client';
import { files, sharedPackageFiles, sharedPackageSeals, sharedPackages } from '../../../db/schema';
import { readAttorneyProfile } from '../../attorney/attorney.repo';
import { SELF_IDENTIFICATION_PROFILE_KEYS } from '../../attorney/self-identification';
import type { AuditActor } from '../../audit/audit-chain';
import { appendAuditEvent } from '../../audit/trail-seal';
import { presentFile } from '../../files/file-ref';
import {
  readBusinessPlan,
  readConflictsForm,
  readDiversityForm,
  readMasterLpq,
} from '../../master-lpq/master-lpq.repo';
import {
  certificateDigest,
  fingerprintOf,
  type VersionFields,
  versionContent,
} from '../certification/certification';

type Json = Record<string, unknown>;
type PackageRow = typeof sharedPackages.$inferSelect;

const asJson = (value: unknown) => (value ? ({ ...(value as object) } as Json) : null);

/** Everything the attorney could share now, before choosing parts. */
export type CurrentData = {
  attorney: SharedPackage['attorney'];
  profile: Json | null;
  masterLpq: Json;
  conflictsForm: Json | null;
  diversityForm: Json | null;
  businessPlan: Json | null;
  documents: FileRef[];
  available: PackageParts;
};

/**
 * The attorney's current data as a package could hold it (PRODUCT.md §5): the profile without any
 * self-identification field (diversity data travels only as the submitted diversity form), the master
 * LPQ, the conflicts form, the business plan, the submitted diversity form, and the attorney's ready
 * documents the master LPQ and the profile list.
 */
export async function readCurrentData(tx: Tx, user: User): Promise<CurrentData> {
  const profile = asJson(await readAttorneyProfile(tx, user.id));
  if (profile) for (const key of SELF_IDENTIFICATION_PROFILE_KEYS) delete profile[key];
  const masterLpq = asJson(await readMasterLpq(tx, user.id)) ?? {};
  const conflictsForm = asJson(await readConflictsForm(tx, user.id));
  const diversity = asJson(await readDiversityForm(tx, user.id));
  const diversityForm = diversity?.submittedAt ? diversity : null;
  const businessPlan = asJson(await readBusinessPlan(tx, user.id));

  // One resume (spec §5: one file). Every upload sets the profile's (PUT /api/attorney/resume); the master
  // LPQ keeps the link it was saved with, which may be an older upload: the firm gets only the current one.
  const resumeUrl = profile?.resumeUrl ?? masterLpq.resumeUrl ?? null;
  if (profile && 'resumeUrl' in profile) profile.resumeUrl = resumeUrl;
  if ('resumeUrl' in masterLpq) masterLpq.resumeUrl = resumeUrl;
  const listed: string[] = [];
  for (const doc of (masterLpq.documents as { id?: string }[] | undefined) ?? [])
    if (doc?.id && !listed.includes(doc.id)) listed.push(doc.id);
  const resumeId = typeof resumeUrl === 'string' ? fileIdFromUrl(resumeUrl) : null;
  if (resumeId && !listed.includes(resumeId)) listed.push(resumeId);
  const rows = listed.length
    ? await tx
        .select()
        .from(files)
        .where(and(inArray(files.id, listed), eq(files.ownerId, user.id), eq(files.status, 'ready')))
    : [];
  const documents = listed.flatMap((id) => rows.filter((r) => r.id === id).map(presentFile));
  return {
    attorney: { id: user.id, firstName: user.firstName, lastName: user.lastName, email: user.email },
    profile,
    masterLpq,
    conflictsForm,
    diversityForm,
    businessPlan,
    documents,
    available: {
      conflictsForm: !!conflictsForm,
      businessPlan: !!businessPlan,
      documents: documents.length > 0,
      diversityForm: !!diversityForm,
    },
  };
}

/** The package of the chosen parts: what is not chosen is not in it at all (documents and resume links too). */
export function selectParts(
  data: CurrentData,
  include: Partial<PackageParts> | undefined,
  fallback?: PackageParts,
) {
  const parts = chosenParts(include, data.available, fallback);
  const profile = data.profile ? { ...data.profile } : null;
  // PRODUCT.md §13: a client only a withheld matter names leaves by no path, the master LPQ's either.
  const masterLpq = { ...withholdMasterLpqClients(data.masterLpq, data.conflictsForm) };
  if (!parts.documents) {
    if (profile) delete profile.resumeUrl;
    delete masterLpq.resumeUrl;
    masterLpq.documents = [];
  }
  return {
    parts,
    frozen: {
      attorney: data.attorney,
      profile,
      masterLpq,
      // PRODUCT.md §13: a matter the client may object to leaves as one withheld matter, never by name.
      conflictsForm: parts.conflictsForm && data.conflictsForm ? withholdMatters(data.conflictsForm) : null,
      diversityForm: parts.diversityForm ? data.diversityForm : null,
      businessPlan: parts.businessPlan ? data.businessPlan : null,
      documents: parts.documents ? data.documents : [],
    },
  };
}
export type Frozen = ReturnType<typeof selectParts>['frozen'];

/**
 * Stores one immutable version of a request's package and its files, with its fingerprint and the digests
 * verify names differences by (PRODUCT.md §11), and the attorney's certification when they gave one
 * (`certifiedBy`: the account's name, the typed name already checked; certified at `sharedAt`). Each document's SHA-256 comes
 * from `documentHashes` (files.sha256). Answers the fingerprint and, when certified, the certificate digest
 * for the audit trail.
 */
export async function storeVersion(
  tx: Tx,
  input: {
    requestId: string;
    version: number;
    attorneyUserId: string;
    sharedAt: Date;
    parts: PackageParts;
    certifiedBy?: string | null;
    /** What the attorney typed to certify: the signature beside the name of record. */
    typedName?: string | null;
    documentHashes?: Map<string, string | null>;
  },
  frozen: Frozen,
) {
  const { documents, ...rest } = frozen;
  const { certifiedBy = null, typedName = null, documentHashes, parts, ...keys } = input;
  const docs = documents.map((d) => ({
    id: d.id,
    name: d.name,
    contentType: d.contentType,
    size: d.size,
    sha256: documentHashes?.get(d.id) ?? null,
  }));
  const fields = { ...keys, include: parts, ...rest };
  const { fingerprint, fieldDigests } = fingerprintOf(versionContent(fields, docs));
  const certifiedAt = certifiedBy ? input.sharedAt : null;
  await tx
    .insert(sharedPackages)
    .values({ ...fields, fingerprint, certifiedBy, typedName: certifiedBy ? typedName : null, certifiedAt });
  if (docs.length)
    await tx.insert(sharedPackageFiles).values(
      docs.map((d, position) => ({
        requestId: input.requestId,
        version: input.version,
        fileId: d.id,
        name: d.name,
        contentType: d.contentType,
        size: d.size,
        sha256: d.sha256,
        position,
      })),
    );
  const statement = certifiedBy ? CERTIFICATION_STATEMENT : null;
  await tx.insert(sharedPackageSeals).values({
    requestId: input.requestId,
    version: input.version,
    fieldDigests,
    statement,
  });
  return {
    fingerprint,
    certificate:
      certifiedBy && certifiedAt && statement
        ? certificateDigest({ version: input.version, fingerprint, certifiedBy, certifiedAt, statement })
        : null,
  };
}

/**
 * Issue 67: whether the version about to be stored holds exactly what `version` holds — the parts chosen, the
 * attorney, each frozen form and each document (name, type, size and SHA-256), in order, and no certification
 * of what was sent uncertified — so that Send update with nothing changed makes no version and mails nobody.
 * Only the version's number and moment may differ.
 */
export async function sameAsVersion(
  tx: Tx,
  input: {
    requestId: string;
    version: number;
    parts: PackageParts;
    documentHashes: Map<string, string | null>;
    certifiedBy: string | null;
  },
  frozen: Frozen,
): Promise<boolean> {
  const { requestId, version } = input;
  const [row] = await tx
    .select()
    .from(sharedPackages)
    .where(and(eq(sharedPackages.requestId, requestId), eq(sharedPackages.version, version)));
  if (!row) return false;
  // Certifying what was sent uncertified is something new for the firm to see.
  if (input.certifiedBy && !row.certifiedBy) return false;
  const storedFiles = await tx
    .select()
    .from(sharedPackageFiles)
    .where(and(eq(sharedPackageFiles.requestId, requestId), eq(sharedPackageFiles.version, version)))
    .orderBy(asc(sharedPackageFiles.position));
  const { documents, ...rest } = frozen;
  const next: VersionFields = { ...rest, requestId, version, sharedAt: row.sharedAt, include: input.parts };
  const comparable = (content: ReturnType<typeof versionContent>) => {
    const { version: _version, sharedAt: _sharedAt, ...kept } = content;
    return canonicalJson(kept);
  };
  const before = versionContent(
    row,
    storedFiles.map((f) => ({ ...f, id: f.fileId })),
  );
  const after = versionContent(
    next,
    documents.map((d) => ({ ...d, sha256: input.documentHashes.get(d.id) ?? null })),
  );
  return comparable(before) === comparable(after);
}

/**
 * PRODUCT.md §11: a version's events in the request's audit trail, in the transaction that stores it:
 * 'shared' or 'updated' with its fingerprint and what it holds (never the contents), then 'certified'
 * with the certificate's digest when the attorney certified it.
 */
export async function recordVersionEvents(
  tx: Tx,
  input: {
    requestId: string;
    version: number;
    sharedAt: Date;
    parts: PackageParts;
    type: 'shared' | 'updated';
    actor: AuditActor;
    documents: number;
    accessUntil: string | null;
    fingerprint: string;
    certificate: string | null;
  },
) {
  const { requestId, version, sharedAt: at, actor, fingerprint } = input;
  await appendAuditEvent(tx, {
    requestId,
    actor,
    at,
    type: input.type,
    details: {
      version,
      fingerprint,
      parts: input.parts,
      documents: input.documents,
      accessUntil: input.accessUntil,
    },
  });
  if (input.certificate)
    await appendAuditEvent(tx, {
      requestId,
      actor,
      at,
      type: 'certified',
      details: { version, fingerprint, certifiedAt: at.toISOString(), certificate: input.certificate },
    });
}

/** One stored version with its documents, in the firm's shape (without the position LPQ). */
export async function loadVersion(db: Db | Tx, requestId: string, version: number) {
  const [row] = await db
    .select()
    .from(sharedPackages)
    .where(and(eq(sharedPackages.requestId, requestId), eq(sharedPackages.version, version)));
  if (!row) return null;
  return toPackage(row, await versionFiles(db, requestId, version));
}

async function versionFiles(db: Db | Tx, requestId: string, version: number): Promise<FileRef[]> {
  const rows = await db
    .select()
    .from(sharedPackageFiles)
    .where(and(eq(sharedPackageFiles.requestId, requestId), eq(sharedPackageFiles.version, version)))
    .orderBy(asc(sharedPackageFiles.position));
  return rows.map((f) => ({
    id: f.fileId,
    name: f.name,
    contentType: f.contentType,
    size: f.size,
    url: objectUrlFor(f.fileId),
  }));
}

/** What the package PDF's certificate page shows for one version (PRODUCT.md §11). */
export async function loadCertificate(
  db: Db | Tx,
  requestId: string,
  version: number,
): Promise<PackageCertificate | null> {
  const [row] = await db
    .select({
      certifiedBy: sharedPackages.certifiedBy,
      typedName: sharedPackages.typedName,
      certifiedAt: sharedPackages.certifiedAt,
      fingerprint: sharedPackages.fingerprint,
      statement: sharedPackageSeals.statement,
    })
    .from(sharedPackages)
    .leftJoin(
      sharedPackageSeals,
      and(
        eq(sharedPackageSeals.requestId, sharedPackages.requestId),
        eq(sharedPackageSeals.version, sharedPackages.version),
      ),
    )
    .where(and(eq(sharedPackages.requestId, requestId), eq(sharedPackages.version, version)));
  if (!row) return null;
  const documents = await db
    .select({ name: sharedPackageFiles.name, sha256: sharedPackageFiles.sha256 })
    .from(sharedPackageFiles)
    .where(and(eq(sharedPackageFiles.requestId, requestId), eq(sharedPackageFiles.version, version)))
    .orderBy(asc(sharedPackageFiles.position));
  return {
    version,
    certifiedBy: row.certifiedBy,
    typedName: row.typedName,
    certifiedAt: row.certifiedAt?.toISOString() ?? null,
    statement: row.statement,
    fingerprint: row.fingerprint,
    documents,
  };
}

/** Every version's number and date, oldest first. */
export async function listVersions(db: Db | Tx, requestId: string) {
  const rows = await db
    .select({ version: sharedPackages.version, sharedAt: sharedPackages.sharedAt })
    .from(sharedPackages)
    .where(eq(sharedPackages.requestId, requestId))
    .orderBy(asc(sharedPackages.version));
  return rows.map((r) => ({ version: r.version, sharedAt: r.sharedAt.toISOString() }));
}

/**
 * Issues 64/67: stores how many answers changed from the version before (per part, as 'What changed' words
 * them: shared/package-changes.ts), in the transaction that stores the version. Answers the counts.
 */
export async function storeChangeCounts(
  tx: Db | Tx,
  input: { requestId: string; version: number; firmName: string },
): Promise<ChangeCounts | null> {
  const { requestId, version } = input;
  if (version < 2) return null;
  const [before, after] = await Promise.all([
    loadVersion(tx, requestId, version - 1),
    loadVersion(tx, requestId, version),
  ]);
  if (!before || !after) return null;
  const whole = (v: NonNullable<typeof before>): SharedPackage => ({
    ...(v as unknown as SharedPackage),
    versions: [],
    positionLpq: null,
  });
  const counts = changeCountsByPart(whole(before), whole(after), { firmName: input.firmName });
  await tx
    .update(sharedPackages)
    .set({ changeCounts: counts })
    .where(and(eq(sharedPackages.requestId, requestId), eq(sharedPackages.version, version)));
  return counts;
}

/** Each version's stored change counts, by version. */
export async function changeCountsOf(db: Db | Tx, requestId: string) {
  const rows = await db
    .select({ version: sharedPackages.version, changeCounts: sharedPackages.changeCounts })
    .from(sharedPackages)
    .where(eq(sharedPackages.requestId, requestId));
  return new Map(rows.map((r) => [r.version, r.changeCounts ?? null]));
}

/**
 * The lazy backfill of the counts (issue 67): versions stored before migration 0024 are counted on the firm's
 * first read of the request, and kept. Answers whether any was counted.
 */
export async function backfillChangeCounts(db: Db | Tx, requestId: string, firmName: string) {
  const missing = await db
    .select({ version: sharedPackages.version })
    .from(sharedPackages)
    .where(
      and(
        eq(sharedPackages.requestId, requestId),
        gt(sharedPackages.version, 1),
        isNull(sharedPackages.changeCounts),
      ),
    );
  for (const { version } of missing) await storeChangeCounts(db, { requestId, version, firmName });
  return missing.length > 0;
}

/** The version's certification as the firm's package shows it (PRODUCT.md §11); null when not certified. */
export const certificationOf = (
  row: Pick<PackageRow, 'certifiedBy' | 'typedName' | 'certifiedAt' | 'fingerprint'>,
): Certification | null =>
  row.certifiedBy && row.certifiedAt && row.fingerprint
    ? {
        certifiedBy: row.certifiedBy,
        typedName: row.typedName ?? null,
        certifiedAt: row.certifiedAt.toISOString(),
        fingerprint: row.fingerprint,
      }
    : null;

export function toPackage(row: PackageRow, documents: FileRef[]) {
  return {
    version: row.version,
    certification: certificationOf(row),
    sharedAt: row.sharedAt.toISOString(),
    include: row.include,
    attorney: row.attorney as SharedPackage['attorney'],
    profile: row.profile ?? null,
    masterLpq: row.masterLpq,
    conflictsForm: row.conflictsForm ?? null,
    diversityForm: row.diversityForm ?? null,
    businessPlan: row.businessPlan ?? null,
    documents,
  };
}

type PartsOfPackage = Pick<
  SharedPackage,
  'profile' | 'masterLpq' | 'conflictsForm' | 'diversityForm' | 'businessPlan' | 'documents' | 'positionLpq'
>;

/**
 * PRODUCT.md §9: a package as one reader gets it — only the parts `packageParts` gave them; every other part
 * is absent (not blanked). Every path that lets a package out goes through here: JSON, versions, 'What
 * changed', the PDF and the preview.
 */
export function withParts<P extends PartsOfPackage>(pkg: P, parts: readonly ReadablePart[]): P {
  const out = { ...pkg };
  for (const part of READABLE_PARTS) if (!parts.includes(part)) delete out[part];
  return out;
}

/** The package with its documents' URLs on the app's public address, so a PDF can link them. */
export const withAbsoluteDocumentUrls = (pkg: SharedPackage, publicUrl: string): SharedPackage => ({
  ...pkg,
  documents: pkg.documents?.map((d) => ({ ...d, url: new URL(d.url, publicUrl).toString() })),
});
