import type { User } from '@shared/auth';
import { type FileRef, fileIdFromUrl, objectUrlFor } from '@shared/files';
import type { SharedPackage } from '@shared/requests';
import { chosenParts, type PackageParts } from '@shared/sharing';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { files, sharedPackageFiles, sharedPackages } from '../../db/schema';
import { readAttorneyProfile } from '../attorney/attorney.repo';
import { SELF_IDENTIFICATION_PROFILE_KEYS } from '../attorney/self-identification';
import { presentFile } from '../files/file-ref';
import {
  readBusinessPlan,
  readConflictsForm,
  readDiversityForm,
  readMasterLpq,
} from '../master-lpq/master-lpq.repo';

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
  const masterLpq = { ...data.masterLpq };
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
      conflictsForm: parts.conflictsForm ? data.conflictsForm : null,
      diversityForm: parts.diversityForm ? data.diversityForm : null,
      businessPlan: parts.businessPlan ? data.businessPlan : null,
      documents: parts.documents ? data.documents : [],
    },
  };
}
export type Frozen = ReturnType<typeof selectParts>['frozen'];

/** Stores one immutable version of a request's package and its files. */
export async function storeVersion(
  tx: Tx,
  input: { requestId: string; version: number; attorneyUserId: string; sharedAt: Date; parts: PackageParts },
  frozen: Frozen,
) {
  const { documents, ...rest } = frozen;
  await tx.insert(sharedPackages).values({ ...input, include: input.parts, ...rest });
  if (documents.length)
    await tx.insert(sharedPackageFiles).values(
      documents.map((d, position) => ({
        requestId: input.requestId,
        version: input.version,
        fileId: d.id,
        name: d.name,
        contentType: d.contentType,
        size: d.size,
        position,
      })),
    );
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

/** Every version's number and date, oldest first. */
export async function listVersions(db: Db | Tx, requestId: string) {
  const rows = await db
    .select({ version: sharedPackages.version, sharedAt: sharedPackages.sharedAt })
    .from(sharedPackages)
    .where(eq(sharedPackages.requestId, requestId))
    .orderBy(asc(sharedPackages.version));
  return rows.map((r) => ({ version: r.version, sharedAt: r.sharedAt.toISOString() }));
}

export function toPackage(row: PackageRow, documents: FileRef[]) {
  return {
    version: row.version,
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

/** The package with its documents' URLs on the app's public address, so a PDF can link them. */
export const withAbsoluteDocumentUrls = (pkg: SharedPackage, publicUrl: string): SharedPackage => ({
  ...pkg,
  documents: pkg.documents.map((d) => ({ ...d, url: new URL(d.url, publicUrl).toString() })),
});
