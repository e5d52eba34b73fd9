import { AUDIT_ACTOR_KIND_LABELS, AUDIT_WITHHELD, type AuditActorKind } from '@shared/audit-trail';
import { canonicalJson } from '@shared/canonical-json';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, gt } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, auditHeads, requestReviewers } from '../../db/schema';
import { describeEachDb, type TestApp } from '../../test/harness';
import { pdfText } from '../files/files.test-support';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from '../team/team.factories';
import { eventContent, eventHash, GENESIS_HASH, sha256Hex } from './audit-chain';

/**
 * Issue 67 item 2 (PRODUCT.md §11, last item): a reader from whom an event's details are hidden gets its hashes,
 * and the rest of its content is known to them; under the first scheme (hash over the content) a few tries over
 * the hidden part find it. Events are now committed to with a random salt kept with them: the reader gets only
 * the commitment, which verifies the chain and cannot be guessed. Events written before keep their hash.
 */

type Row = Record<string, string>;
const csvOf = (body: string): Row[] => parse(body.replace(/^\uFEFF/, ''), { columns: true, bom: true });

const KIND_OF = Object.fromEntries(
  Object.entries(AUDIT_ACTOR_KIND_LABELS).map(([kind, label]) => [label, kind]),
) as Record<string, AuditActorKind>;

/**
 * An event's content as a reader rebuilds it from the CSV (the header of audit-chain.ts): an attorney acts under
 * their address alone (their name is shown from the account, never hashed). `details` given: a guess at them.
 */
function contentFromCsv(row: Row, details: unknown) {
  const kind = KIND_OF[row.Actor]!;
  return canonicalJson({
    actor: {
      email: row['Actor e-mail'] || null,
      kind,
      name: kind === 'attorney' ? null : row['Actor name'] || null,
      role: row['Actor role'] || null,
    },
    at: row['Time (UTC)'],
    details,
    requestId: row.Request,
    seq: Number(row.Seq),
    type: row['Event code'],
  });
}

/** Every assignment of true / false to `keys` (the parts a share could have sent), as objects. */
function assignments(keys: string[]): Record<string, boolean>[] {
  return keys.reduce<Record<string, boolean>[]>(
    (all, key) =>
      all.flatMap((a) => [
        { ...a, [key]: true },
        { ...a, [key]: false },
      ]),
    [{}],
  );
}

/**
 * The old attack: the share's JSON is withheld from the reader, who knows everything else of it (version,
 * fingerprint, documents, access end: the package and its verify say them) and tries every choice of parts
 * against the exported hash, the way scheme 1 allowed. Returns the parts found, or null.
 */
function bruteForceParts(row: Row, known: Record<string, unknown>, keys: string[]) {
  for (const parts of assignments(keys)) {
    const content = contentFromCsv(row, { ...known, parts });
    if (sha256Hex(row['Previous hash'] + content) === row.Hash) return parts;
  }
  return null;
}

describeEachDb('audit trail: hidden details committed to with a salt (issue 67)', (t: () => TestApp) => {
  const { as, post, get, world } = sharingControlClient(t);
  const db = () => t().db;

  /** A request shared with the diversity form, read by the diversity officer; a reviewer assigned to it. */
  async function shared() {
    const w = await world();
    const reviewer = await addFirmMember(t().app, w.firm.firmId, ['reviewer'], { firstName: 'Rosa' });
    await db().insert(requestReviewers).values({ requestId: w.requestId, userId: reviewer.user.id });
    const share = await post(w.attorney, `${w.base}/share`, { include: { diversityForm: true } });
    expect(share.statusCode).toBe(200);
    expect((await get(w.diversity, '/api/firm/self-identification')).statusCode).toBe(200);
    expect((await get(reviewer, w.firmUrl)).statusCode).toBe(200);
    // The reads enter the trail (sealed) with its check.
    expect((await get(w.attorney, `${w.base}/audit/verify`)).json()).toMatchObject({ intact: true });
    return { ...w, reviewer };
  }
  const events = (requestId: string) =>
    db().select().from(auditEvents).where(eq(auditEvents.requestId, requestId)).orderBy(asc(auditEvents.seq));

  /**
   * Turns a request's events from `seq` on into events written before salts (scheme 1), as the migration found
   * them: salt null, every hash from there recomputed over the content, and the head moved with them.
   */
  async function asWrittenBeforeSalts(requestId: string, fromSeq: number) {
    const all = await events(requestId);
    let prev = all[fromSeq - 2]?.hash ?? GENESIS_HASH;
    for (const e of all.slice(fromSeq - 1)) {
      const hash = sha256Hex(prev + eventContent({ ...e, salt: null }));
      await db()
        .update(auditEvents)
        .set({ salt: null, prevHash: prev, hash })
        .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.seq, e.seq)));
      prev = hash;
    }
    await db().update(auditHeads).set({ hash: prev }).where(eq(auditHeads.requestId, requestId));
  }

  it('every new event has its own salt, and its hash covers the commitment, not the content', async () => {
    const w = await shared();
    const all = await events(w.requestId);
    expect(all.length).toBeGreaterThan(3);
    const salts = all.map((e) => e.salt);
    for (const salt of salts) expect(salt).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(salts).size).toBe(salts.length);
    let prev = GENESIS_HASH;
    for (const e of all) {
      expect(e.hash).not.toBe(sha256Hex(prev + eventContent(e)));
      expect(e.hash).toBe(sha256Hex(prev + sha256Hex(e.salt + eventContent(e))));
      expect(eventHash(prev, e)).toBe(e.hash);
      prev = e.hash;
    }
  });

  it('the old brute force finds a share’s hidden parts on an event written before salts, and fails on a salted one', async () => {
    const w = await shared();
    const stored = await events(w.requestId);
    const share = stored.find((e) => e.type === 'shared')!;
    const { parts, ...known } = share.details as { parts: Record<string, boolean> };
    expect(parts).toMatchObject({ diversityForm: true });
    const keys = Object.keys(parts);

    const reviewerShareRow = async () => {
      const res = await get(w.reviewer, `${w.firmUrl}/audit.csv`);
      expect(res.statusCode).toBe(200);
      const row = csvOf(res.body).find((r) => r['Event code'] === 'shared')!;
      // The reviewer is told the share happened, not what it held beyond their parts.
      expect(row['Details (JSON)']).toBe(AUDIT_WITHHELD.json);
      expect(row.Details).not.toMatch(/diversity/i);
      expect(row.Salt).toBe('');
      return row;
    };

    // Salted (every event written now): no guess matches, and the row's commitment still links the chain.
    const salted = await reviewerShareRow();
    expect(bruteForceParts(salted, known, keys)).toBeNull();
    expect(salted.Commitment).toMatch(/^[0-9a-f]{64}$/);
    expect(sha256Hex(salted['Previous hash'] + salted.Commitment)).toBe(salted.Hash);

    // The same share as written before salts: the few tries find what the reviewer may not know.
    await asWrittenBeforeSalts(w.requestId, share.seq);
    const old = await reviewerShareRow();
    expect(old.Commitment).toBe('');
    expect(bruteForceParts(old, known, keys)).toEqual(parts);
    // Both schemes in one chain verify (the events before the share are salted, the rest are not).
    for (const reader of [w.reviewer, w.firm, w.attorney]) {
      const url = reader === w.attorney ? `${w.base}/audit/verify` : `${w.firmUrl}/audit/verify`;
      expect((await get(reader, url)).json()).toMatchObject({ intact: true, brokenAt: null });
    }
  });

  it('a chain of both schemes verifies, and an edit to either kind of event is named', async () => {
    const w = await shared();
    const share = (await events(w.requestId)).find((e) => e.type === 'shared')!;
    await asWrittenBeforeSalts(w.requestId, share.seq + 1);
    // A new event after the old ones: salted again, on the head the old ones left.
    expect((await get(w.reviewer, `${w.firmUrl}/package.pdf`)).statusCode).toBe(200);
    const all = await events(w.requestId);
    expect(all.at(-1)!.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(all.filter((e) => e.salt === null).length).toBeGreaterThan(0);
    const verify = async () => (await get(w.attorney, `${w.base}/audit/verify`)).json();
    expect(await verify()).toMatchObject({ intact: true, events: all.length });

    // An edited salt breaks its event; so does an edited scheme-1 event.
    await db()
      .update(auditEvents)
      .set({ salt: 'f'.repeat(64) })
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, share.seq)));
    expect((await verify()).brokenAt).toMatchObject({ seq: share.seq, problem: 'changed' });
    await db()
      .update(auditEvents)
      .set({ salt: share.salt })
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, share.seq)));
    await db()
      .update(auditEvents)
      .set({ actorEmail: 'someone@else.example' })
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, share.seq + 1)));
    expect((await verify()).brokenAt).toMatchObject({ seq: share.seq + 1, problem: 'changed' });
  });

  it('a reader checks every hash from their CSV alone: whole events with their salt, withheld ones by commitment', async () => {
    const w = await shared();
    for (const reader of [w.reviewer, w.firm, w.attorney]) {
      const url = reader === w.attorney ? `${w.base}/audit.csv` : `${w.firmUrl}/audit.csv`;
      const rows = csvOf((await get(reader, url)).body);
      // No gap: each event is a row, the diversity officer's read too (as a withheld row to the others).
      expect(rows.map((r) => Number(r.Seq))).toEqual(rows.map((_, i) => i + 1));
      let prev = GENESIS_HASH;
      for (const row of rows) {
        expect(row['Previous hash']).toBe(prev);
        if (row.Salt) {
          const details = JSON.parse(row['Details (JSON)']);
          expect(sha256Hex(row.Salt + contentFromCsv(row, details))).toBe(row.Commitment);
        }
        expect(sha256Hex(prev + row.Commitment)).toBe(row.Hash);
        prev = row.Hash;
      }
      const readByDiversity = rows.find((r) => r['Actor name'] === 'Dana Reed');
      if (reader === w.attorney) expect(readByDiversity?.Salt).toMatch(/^[0-9a-f]{64}$/);
      else {
        expect(readByDiversity).toBeUndefined();
        const sealed = rows.filter((r) => r.Event === AUDIT_WITHHELD.event);
        expect(sealed.length).toBeGreaterThan(0);
        for (const row of sealed) {
          expect(row['Time (UTC)']).toBe('');
          expect(row['Event code']).toBe('');
          expect(row['Actor e-mail']).toBe('');
          expect(row.Salt).toBe('');
        }
      }
    }
    const pdf = await get(w.reviewer, `${w.firmUrl}/audit.pdf`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(AUDIT_WITHHELD.event);
    expect(text).toContain('Commitment');
    expect(text).not.toMatch(/diversity|self-identification|Dana Reed/i);
  });

  it('a pre-check shows a recruiter only withheld rows: no type, time, actor or word of conflicts', async () => {
    const w = await world();
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], { firstName: 'Remy' });
    const conflicts = await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cyd' });
    const before = csvOf((await get(recruiter, `${w.firmUrl}/audit.csv`)).body);
    expect((await post(w.attorney, `${w.base}/conflicts-precheck`)).statusCode).toBe(200);
    expect((await get(conflicts, `${w.firmUrl}/conflicts`)).statusCode).toBe(200);
    expect((await as(w.attorney, { method: 'DELETE', url: `${w.base}/conflicts-precheck` })).statusCode).toBe(
      200,
    );
    const added = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.requestId, w.requestId), gt(auditEvents.seq, before.length)));
    expect(added.map((e) => e.type)).toEqual([
      'conflicts_prechecked',
      'read',
      'conflicts_precheck_withdrawn',
    ]);

    const res = await get(recruiter, `${w.firmUrl}/audit.csv`);
    const rows = csvOf(res.body);
    expect(rows.slice(0, before.length)).toEqual(before);
    const sealed = rows.slice(before.length);
    expect(sealed).toHaveLength(3);
    for (const row of sealed) {
      expect(row).toEqual({
        ...Object.fromEntries(Object.keys(row).map((k) => [k, ''])),
        Request: w.requestId,
        Firm: row.Firm,
        Position: row.Position,
        Seq: row.Seq,
        Event: AUDIT_WITHHELD.event,
        Details: AUDIT_WITHHELD.sealed,
        Commitment: row.Commitment,
        'Previous hash': row['Previous hash'],
        Hash: row.Hash,
      });
    }
    // (The registrant, who sent the request, holds the conflicts role among others: 'Conflicts' names them.)
    const words = /conflicts form|conflicts_|conflicts view|pre-check|precheck|Cyd|Dana Whitfield|Acme/i;
    expect(res.body).not.toMatch(words);
    expect(await pdfText((await get(recruiter, `${w.firmUrl}/audit.pdf`)).rawPayload)).not.toMatch(words);
    // The registrant (conflicts among their roles) reads it whole; the recruiter's chain verifies through the
    // withheld rows.
    expect((await get(w.firm, `${w.firmUrl}/audit.csv`)).body).toContain('Conflicts pre-check sent');
    expect((await get(recruiter, `${w.firmUrl}/audit/verify`)).json()).toMatchObject({ intact: true });
  });
});
