import {
  AUDIT_ACTOR_KIND_LABELS,
  AUDIT_CSV_COLUMNS,
  AUDIT_EVENT_LABELS,
  type AuditEventType,
  type AuditVerification,
  describeAuditDetails,
} from '@shared/audit-trail';
import { canonicalJson } from '@shared/canonical-json';
import { utcDateTime } from '@shared/certification';
import type { AuditTrailPdf } from '../../pdf/audit-trail-pdf';
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

export function trailCsv(rows: TrailRow[]): string {
  return csvText([
    [...AUDIT_CSV_COLUMNS],
    ...rows.map((r) => [
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
      canonicalJson(r.event.details),
      r.event.prevHash,
      r.event.hash,
    ]),
  ]);
}

/** The trail PDF's content for one request (the renderer lays it out). */
export function trailPdf(input: {
  firmName: string;
  positionTitle: string;
  attorneyEmail: string;
  requestId: string;
  rows: TrailRow[];
  verification: AuditVerification;
  now: Date;
}): AuditTrailPdf {
  return {
    title: `Audit trail — ${input.firmName} — ${input.positionTitle}`,
    facts: [
      ['Firm', input.firmName],
      ['Position', input.positionTitle],
      ['Sent to', input.attorneyEmail],
      ['Request', input.requestId],
    ],
    verification: input.verification,
    generatedAt: utcDateTime(input.now.toISOString()),
    events: input.rows.map((r) => ({
      seq: r.event.seq,
      at: `${r.event.at.toISOString().slice(0, 10)} ${r.event.at.toISOString().slice(11, 23)}`,
      event: labelOf(r.event.type),
      actor: actorLine(r),
      details: detailsOf(r),
      prevHash: r.event.prevHash,
      hash: r.event.hash,
    })),
  };
}
