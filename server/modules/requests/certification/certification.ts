import type { User } from '@shared/auth';
import { canonicalJson, jsonLeaves } from '@shared/canonical-json';
import {
  CERTIFICATION_MESSAGES,
  nameMatchesAccount,
  tidyName,
  type VerifyMismatch,
  type VersionVerification,
} from '@shared/certification';
import type { CertificationInput } from '@shared/sharing';
import type { sharedPackages } from '../../../db/schema';
import { badRequest } from '../../../plugins/errors';
import type { StorageOperations } from '../../../storage/storage';
import { sha256Hex } from '../../audit/audit-chain';
import type { VersionToVerify } from '../record/record.repo';

/**
 * PRODUCT.md §11: what a version's fingerprint covers and how verify names what differs. The fingerprint
 * is the SHA-256 of the version's canonical JSON (shared/canonical-json.ts): the request and version, the
 * moment it was shared, the parts chosen, the attorney, each frozen form, and each document's name, type,
 * size and SHA-256 in order. Computed from the values being stored when a version is frozen, recomputed
 * from what the database holds by verify: canonical JSON makes the two the same text on PGlite and
 * PostgreSQL alike.
 */

type PackageRow = typeof sharedPackages.$inferSelect;
export type VersionDocument = {
  id: string;
  name: string;
  contentType: string;
  size: number;
  sha256: string | null;
};
export type VersionFields = Pick<
  PackageRow,
  | 'requestId'
  | 'version'
  | 'sharedAt'
  | 'include'
  | 'attorney'
  | 'profile'
  | 'masterLpq'
  | 'conflictsForm'
  | 'diversityForm'
  | 'businessPlan'
>;

/** The JSON value a version's fingerprint is the hash of. */
export function versionContent(row: VersionFields, documents: VersionDocument[]) {
  return {
    requestId: row.requestId,
    version: row.version,
    sharedAt: row.sharedAt.toISOString(),
    include: row.include,
    attorney: row.attorney,
    profile: row.profile ?? null,
    masterLpq: row.masterLpq,
    conflictsForm: row.conflictsForm ?? null,
    diversityForm: row.diversityForm ?? null,
    businessPlan: row.businessPlan ?? null,
    documents: documents.map((d) => ({
      id: d.id,
      name: d.name,
      contentType: d.contentType,
      size: d.size,
      sha256: d.sha256,
    })),
  };
}

/** A leaf's digest: enough to tell that it changed, stored beside the data it describes, never sent. */
const leafDigest = (canonical: string) => sha256Hex(canonical).slice(0, 16);

/** The fingerprint of a version's content and the digest of each of its leaves by path. */
export function fingerprintOf(content: ReturnType<typeof versionContent>) {
  return {
    fingerprint: sha256Hex(canonicalJson(content)),
    fieldDigests: Object.fromEntries(jsonLeaves(content).map(([path, text]) => [path, leafDigest(text)])),
  };
}

/**
 * The paths whose leaf differs from the leaf digests stored with the version (shared_package_seals): changed,
 * added or removed; the part is the first key.
 */
export function differingFields(
  content: ReturnType<typeof versionContent>,
  sealed: Record<string, string>,
  max = 100,
): VerifyMismatch[] {
  const now = new Map(jsonLeaves(content).map(([path, text]) => [path, leafDigest(text)]));
  const out: VerifyMismatch[] = [];
  const partOf = (path: string) => /^[^.[]+/.exec(path)?.[0] ?? path;
  for (const [path, digest] of now) {
    if (!(path in sealed)) out.push({ part: partOf(path), path, problem: 'added' });
    else if (sealed[path] !== digest) out.push({ part: partOf(path), path, problem: 'changed' });
  }
  for (const path of Object.keys(sealed))
    if (!now.has(path)) out.push({ part: partOf(path), path, problem: 'removed' });
  return out.slice(0, max);
}

/**
 * The digest the audit trail's 'certified' event records: who certified (the name typed), when, what
 * statement, and the fingerprint certified. A name or time edited in the database no longer matches it.
 */
export function certificateDigest(input: {
  version: number;
  fingerprint: string;
  certifiedBy: string;
  certifiedAt: Date;
  statement: string;
}) {
  return sha256Hex(canonicalJson({ ...input, certifiedAt: input.certifiedAt.toISOString() }));
}

/**
 * A certification's names, the typed one checked against the account's name (case and spacing ignored), or a
 * 400 with the shared message. The name of record is the account's (`certifiedBy`); what was typed is kept as
 * the signature (`typedName`, PRODUCT.md §11). No certification: nulls (the spec's bodiless call).
 */
export function certifyingName(
  user: User,
  certification: CertificationInput | null | undefined,
): { certifiedBy: string | null; typedName: string | null } {
  if (!certification) return { certifiedBy: null, typedName: null };
  if (!nameMatchesAccount(certification.fullName, user))
    throw badRequest(CERTIFICATION_MESSAGES.nameMismatch, {
      'certification.fullName': CERTIFICATION_MESSAGES.nameMismatch,
    });
  return {
    certifiedBy: tidyName(`${user.firstName} ${user.lastName}`),
    typedName: tidyName(certification.fullName),
  };
}

/**
 * GET …/verify (PRODUCT.md §11): recomputes the version's fingerprint from what the database holds now and
 * each document's SHA-256 from the bytes in storage, and compares them with what was recorded when it was
 * shared, and the recorded fingerprint and certificate with the request's audit trail. Each difference is
 * named by part and field path, never by value, so a reader who may not see a part learns nothing of it.
 */
export async function verifyVersion(
  storage: Pick<StorageOperations, 'sha256'>,
  stored: VersionToVerify,
): Promise<VersionVerification> {
  const { row, seal, documents } = stored;
  const mismatches: VerifyMismatch[] = [];
  const content = versionContent(row, documents);
  const { fingerprint } = fingerprintOf(content);
  if (!row.fingerprint) {
    mismatches.push({ part: 'version', path: 'fingerprint', problem: 'unrecorded' });
  } else if (fingerprint !== row.fingerprint) {
    const fields = seal ? differingFields(content, seal.fieldDigests) : [];
    // Nothing in the data differs from its digests: the recorded fingerprint itself was changed.
    mismatches.push(
      ...(fields.length ? fields : [{ part: 'version', path: 'fingerprint', problem: 'changed' as const }]),
    );
  }
  for (const [i, doc] of documents.entries()) {
    const path = `documents[${i}]`;
    if (!doc.sha256) {
      mismatches.push({ part: 'documents', path, problem: 'unrecorded' });
      continue;
    }
    const now = doc.storageKey ? await storage.sha256(doc.storageKey) : null;
    if (now === null) mismatches.push({ part: 'documents', path, problem: 'missing' });
    else if (now !== doc.sha256) mismatches.push({ part: 'documents', path, problem: 'changed' });
  }
  mismatches.push(...againstTrail(stored));
  return {
    intact: mismatches.length === 0,
    version: row.version,
    certifiedBy: row.certifiedBy,
    certifiedAt: row.certifiedAt?.toISOString() ?? null,
    fingerprint: row.fingerprint,
    mismatches,
  };
}

/** The version's fingerprint and certificate as the audit trail recorded them when it was shared. */
function againstTrail({ row, seal, events }: VersionToVerify): VerifyMismatch[] {
  const out: VerifyMismatch[] = [];
  const shared = events.find((e) => e.type === 'shared' || e.type === 'updated');
  // A version frozen before the trail existed has no event to compare with.
  if (shared && (shared.details as { fingerprint?: string }).fingerprint !== row.fingerprint)
    out.push({ part: 'auditTrail', path: 'fingerprint', problem: 'changed' });
  const certified = events.find((e) => e.type === 'certified');
  const recorded = certified?.details as { certifiedAt?: string; certificate?: string } | undefined;
  if (!row.certifiedBy || !row.certifiedAt) {
    if (recorded) out.push({ part: 'certification', path: 'certifiedBy', problem: 'removed' });
    return out;
  }
  if (!recorded) {
    if (shared) out.push({ part: 'certification', path: 'certifiedBy', problem: 'added' });
    return out;
  }
  if (recorded.certifiedAt !== row.certifiedAt.toISOString()) {
    out.push({ part: 'certification', path: 'certifiedAt', problem: 'changed' });
    return out;
  }
  const digest =
    row.fingerprint &&
    certificateDigest({
      version: row.version,
      fingerprint: row.fingerprint,
      certifiedBy: row.certifiedBy,
      certifiedAt: row.certifiedAt,
      statement: seal?.statement ?? '',
    });
  if (digest !== recorded.certificate)
    out.push({ part: 'certification', path: 'certifiedBy', problem: 'changed' });
  return out;
}

/**
 * PRODUCT.md §9 (firm teams): a reader sees only the parts their roles allow. For a part they may not see,
 * verify still says that it differs, by the part's name alone: no field path (paths name fields and array
 * places, which say something of what the part holds). `visibleParts` null: every part is visible.
 */
export function verificationForReader(
  result: VersionVerification,
  visibleParts: readonly string[] | null,
): VersionVerification {
  if (!visibleParts) return result;
  const hidden = (part: string) => PACKAGE_CONTENT_PARTS.includes(part) && !visibleParts.includes(part);
  const seen = new Set<string>();
  const mismatches = result.mismatches.flatMap((m): VerifyMismatch[] => {
    if (!hidden(m.part)) return [m];
    if (seen.has(m.part)) return [];
    seen.add(m.part);
    return [{ part: m.part, path: m.part, problem: 'changed' }];
  });
  return { ...result, mismatches };
}

/** The parts of a version a reader's roles may or may not reach (§9); the rest is the version's frame. */
const PACKAGE_CONTENT_PARTS: readonly string[] = [
  'profile',
  'masterLpq',
  'conflictsForm',
  'diversityForm',
  'businessPlan',
  'documents',
];
