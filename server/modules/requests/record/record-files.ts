import {
  AUDIT_ACTOR_KIND_LABELS,
  AUDIT_CSV_COLUMNS,
  AUDIT_EVENT_LABELS,
  AUDIT_WITHHELD,
  type AuditEventType,
  type AuditVerification,
  describeAuditDetails,
  RECEIPT_TEXTS,
  type TrailReceipt,
} from '@shared/audit-trail';
import { canonicalJson } from '@shared/canonical-json';
import { utcDateTime } from '@shared/certification';
import type { ReadablePart } from '@shared/team';
import type { AuditTrailPdf } from '../../../pdf/audit-trail-pdf';
import { eventCommitment } from '../../audit/audit-chain';
import { receiptText } from '../../audit/trail-receipt';
import { csvText } from './csv';
import type { TrailRow } from './record.repo';

/**
 * PRODUCT.md §11: the audit trail's downloads. The CSV carries, besides the words a person reads, what a
 * third party needs to recompute every hash: the time as stored (ISO, UTC), the event's code, its details as
 * canonical JSON, both hashes. Cells that a spreadsheet would run as a formula are neutralised (csv.ts).
 */

const labelOf = (type: string) => AUDIT_EVENT_LABELS[type as AuditEventType] ?? type;
const detailsOf = (r: TrailRow) => describeAuditDetails(r.event.type as AuditEventType, r.event.details);

/** Who acted, in words: 'Dana Reed (dana@firm.com) · Firm'. */
function actorLine(r: TrailRow) {
  const e = r.event;
  const who = [r.actorName, e.actorEmail ? `<${e.actorEmail}>` : null].filter(Boolean).join(' ');
  const kind = AUDIT_ACTOR_KIND_LABELS[e.actorKind];
  if (e.actorKind === 'system') return kind;
  return [who, e.actorRole ? `${kind} · ${e.actorRole}` : kind].filter(Boolean).join(' · ');
}

/**
 * A trail's row as one reader gets it: `withheld` when its details were narrowed for them; `sealed` when the
 * whole event is hidden from them (issue 67): they get its number, commitment and hashes, nothing else.
 */
export type ReaderTrailRow = TrailRow & { withheld?: boolean; sealed?: boolean; commitment?: string | null };

/**
 * The parts an event names, narrowed to those the reader sees; null when it names none they do not see. A
 * read's list loses the others (`empty` when none is left); a share's or update's choice is narrowed only when
 * it sent a part the reader does not see (one not sent names nothing, and the event stays whole).
 */
function narrowParts(parts: unknown, sees: (part: string) => boolean) {
  if (Array.isArray(parts)) {
    const kept = parts.filter((p) => sees(String(p)));
    return kept.length === parts.length ? null : { parts: kept, empty: kept.length === 0 };
  }
  if (!parts || typeof parts !== 'object') return null;
  const chosen = Object.entries(parts);
  if (!chosen.some(([p, on]) => on && !sees(p))) return null;
  return { parts: Object.fromEntries(chosen.filter(([p]) => sees(p))), empty: false };
}

/**
 * The trail as a firm member gets it (PRODUCT.md §9: a part their roles do not reach is absent on every path):
 * a read, download or export of parts they do not see only is left out, and any other event that names such a
 * part names only the parts they see, its JSON withheld. An event that names none stays whole, its JSON there
 * to recompute its hash. `hidden` is whether any event was left out or narrowed.
 */
export function trailSeenBy(rows: TrailRow[], visible: readonly ReadablePart[]) {
  const sees = (part: string) => visible.includes(part as ReadablePart);
  let hidden = false;
  const seen: ReaderTrailRow[] = [];
  for (const row of rows) {
    const details = row.event.details as Record<string, unknown>;
    const narrowed = narrowParts(details.parts, sees);
    if (!narrowed) {
      seen.push(row);
      continue;
    }
    hidden = true;
    if (narrowed.empty) {
      // A salted event shows as its commitment alone (the chain verifies through it, nothing can be guessed
      // from it); one recorded before salts would be guessed from its hash, and is left out as before.
      if (row.event.salt != null) seen.push({ ...row, sealed: true });
      continue;
    }
    seen.push({
      ...row,
      event: { ...row.event, details: { ...details, parts: narrowed.parts } },
      withheld: true,
      // The commitment is to the whole event, before its parts were narrowed for this reader.
      commitment: eventCommitment(row.event),
    });
  }
  return { rows: seen, hidden };
}

/** What a reader gets of an event's salt and commitment: the salt only with the whole event. */
const saltOf = (r: ReaderTrailRow) => (r.sealed || r.withheld ? '' : (r.event.salt ?? ''));
const commitmentOf = (r: ReaderTrailRow) =>
  (r.commitment === undefined ? eventCommitment(r.event) : r.commitment) ?? '';

export function trailCsv(rows: ReaderTrailRow[]): string {
  return csvText([
    [...AUDIT_CSV_COLUMNS],
    ...rows.map((r) =>
      r.sealed
        ? [
            r.event.requestId,
            r.firmName,
            r.positionTitle,
            r.event.seq,
            '',
            AUDIT_WITHHELD.event,
            AUDIT_WITHHELD.sealed,
            '',
            '',
            '',
            '',
            '',
            '',
            '',
            commitmentOf(r),
            r.event.prevHash,
            r.event.hash,
          ]
        : [
            r.event.requestId,
            r.firmName,
            r.positionTitle,
            r.event.seq,
            r.event.at.toISOString(),
            labelOf(r.event.type),
            detailsOf(r),
            AUDIT_ACTOR_KIND_LABELS[r.event.actorKind],
            r.actorName,
            r.event.actorEmail,
            r.event.actorRole,
            r.event.type,
            r.withheld ? AUDIT_WITHHELD.json : canonicalJson(r.event.details),
            saltOf(r),
            commitmentOf(r),
            r.event.prevHash,
            r.event.hash,
          ],
    ),
  ]);
}

/** The trail PDF's content for one request (the renderer lays it out). */
export function trailPdf(input: {
  firmName: string;
  positionTitle: string;
  attorneyEmail: string;
  requestId: string;
  rows: ReaderTrailRow[];
  verification: AuditVerification;
  /** The trail's head signed, or null while broken (PRODUCT.md §11). */
  receipt?: TrailReceipt | null;
  now: Date;
  /** Some events were left out or narrowed for this reader (trailSeenBy). */
  hidden?: boolean;
}): AuditTrailPdf {
  return {
    title: `Audit trail — ${input.firmName} — ${input.positionTitle}`,
    facts: [
      ['Firm', input.firmName],
      ['Position', input.positionTitle],
      ['Sent to', input.attorneyEmail],
      ['Request', input.requestId],
      ...(input.hidden ? [['Left out', AUDIT_WITHHELD.fact] as [string, string]] : []),
    ],
    verification: input.verification,
    receipt: input.receipt
      ? {
          facts: input.receipt.heads.flatMap((h) =>
            RECEIPT_TEXTS.facts({ ...h, signedAt: input.receipt!.signedAt, keyId: input.receipt!.keyId }),
          ),
          line: receiptText(input.receipt),
        }
      : null,
    generatedAt: utcDateTime(input.now.toISOString()),
    events: input.rows.map((r) =>
      r.sealed
        ? {
            seq: r.event.seq,
            at: '',
            event: AUDIT_WITHHELD.event,
            actor: '',
            details: AUDIT_WITHHELD.sealed,
            commitment: commitmentOf(r),
            prevHash: r.event.prevHash,
            hash: r.event.hash,
          }
        : {
            seq: r.event.seq,
            at: `${r.event.at.toISOString().slice(0, 10)} ${r.event.at.toISOString().slice(11, 23)}`,
            event: labelOf(r.event.type),
            actor: actorLine(r),
            details: detailsOf(r),
            salt: saltOf(r) || undefined,
            commitment: commitmentOf(r) || undefined,
            prevHash: r.event.prevHash,
            hash: r.event.hash,
          },
    ),
  };
}
