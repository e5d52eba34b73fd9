import { createPublicKey, verify } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  AUDIT_BREAK_MESSAGES,
  RECEIPT_MESSAGES,
  RECEIPT_TEXT_PREFIX,
  TRAIL_RECEIPT_SCHEME,
  type TrailReceipt,
} from '@shared/audit-trail';
import { canonicalJson } from '@shared/canonical-json';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditEvents, auditHeads, outbox } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { GENESIS_HASH } from '../../audit/audit-chain';
import { RECORD_KEY_FILE, recordKey } from '../../audit/trail-receipt';
import { pdfText } from '../../files/files.test-support';
import { recordClient } from './record.test-support';

// PRODUCT.md §11 (added 2026-12-01), issue 67 item 1: the chain anchored outside the database by a signed
// receipt of its head. Without it, deleting the newest event and pointing the head at the one before left both
// sides' verify 'intact'.

const decode = (line: string): TrailReceipt =>
  JSON.parse(Buffer.from(line.slice(RECEIPT_TEXT_PREFIX.length), 'base64url').toString('utf8'));

describeEachDb('signed receipts of the audit trail (PRODUCT.md §11)', (t) => {
  const { get, post, world } = recordClient(t);

  /** A shared request with a few events; the firm read it once. */
  async function sharedWorld() {
    const w = await world();
    await post(w.attorney, `${w.attorneyUrl}/share`, { certification: { fullName: 'Casey Nguyen' } });
    expect((await get(w.firm, `${w.firmUrl}/package.pdf`)).statusCode).toBe(200);
    return w;
  }

  /** Deletes the newest event and points the head at the one before: the chain still checks by itself. */
  async function cutTheEnd(requestId: string) {
    const db = t().db;
    const [last] = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, requestId))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    await db
      .delete(auditEvents)
      .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.seq, last.seq)));
    await db
      .update(auditHeads)
      .set({ seq: last.seq - 1, hash: last.prevHash })
      .where(eq(auditHeads.requestId, requestId));
    return last.seq;
  }

  it('publishes the key, and every verify answer and download carries a receipt it verifies', async () => {
    const w = await sharedWorld();
    const key = await t().app.inject({ method: 'GET', url: '/api/record/key' });
    expect(key.statusCode).toBe(200);
    const { algorithm, keyId, publicKey } = key.json();
    expect(algorithm).toBe('Ed25519');
    const pub = createPublicKey(publicKey);
    expect(pub.asymmetricKeyType).toBe('ed25519');

    for (const [actor, base] of [
      [w.firm, w.firmUrl],
      [w.attorney, w.attorneyUrl],
    ] as const) {
      const answer = (await get(actor, `${base}/audit/verify`)).json();
      expect(answer).toMatchObject({ intact: true, events: 4, brokenAt: null });
      const receipt = answer.receipt as TrailReceipt;
      expect(receipt.scheme).toBe(TRAIL_RECEIPT_SCHEME);
      expect(receipt.keyId).toBe(keyId);
      const [head] = await t().db.select().from(auditHeads).where(eq(auditHeads.requestId, w.requestId));
      expect(receipt.heads).toEqual([{ requestId: w.requestId, events: 4, hash: head.hash }]);
      // Anyone holding the public key checks the signature over the receipt's canonical JSON.
      const { signature, ...signed } = receipt;
      expect(verify(null, Buffer.from(canonicalJson(signed)), pub, Buffer.from(signature, 'base64'))).toBe(
        true,
      );

      for (const ext of ['csv', 'pdf']) {
        const file = await get(actor, `${base}/audit.${ext}`);
        expect(file.statusCode).toBe(200);
        const line = String(file.headers['trail-receipt']);
        expect(line.startsWith(RECEIPT_TEXT_PREFIX)).toBe(true);
        expect(decode(line).heads).toEqual(receipt.heads);
      }
      const pdf = await pdfText((await get(actor, `${base}/audit.pdf`)).rawPayload);
      expect(pdf).toContain('Signed receipt');
      expect(pdf).toContain(head.hash);
      expect(pdf).toContain(RECEIPT_TEXT_PREFIX);
    }
    const account = (await get(w.attorney, '/api/attorney/audit/verify')).json();
    expect(account.receipt.heads.map((h: { requestId: string }) => h.requestId)).toEqual([w.requestId]);
  });

  it('names a cut at the end, which the chain alone calls intact', async () => {
    const w = await sharedWorld();
    for (const [actor, base] of [
      [w.firm, w.firmUrl],
      [w.attorney, w.attorneyUrl],
    ] as const) {
      const { receipt } = (await get(actor, `${base}/audit/verify`)).json();
      const same = await post(actor, `${base}/audit/verify`, { receipt });
      expect(same.statusCode).toBe(200);
      expect(same.json()).toMatchObject({ intact: true, events: 4, brokenAt: null });
    }
    const { receipt: firmReceipt } = (await get(w.firm, `${w.firmUrl}/audit/verify`)).json();
    const accountReceipt = (await get(w.attorney, '/api/attorney/audit/verify')).json().receipt;
    const cut = await cutTheEnd(w.requestId);
    // The old check: the shortened chain holds together.
    const alone = (await get(w.firm, `${w.firmUrl}/audit/verify`)).json();
    expect(alone).toMatchObject({ intact: true, events: 3, brokenAt: null });
    const brokenAt = {
      requestId: w.requestId,
      seq: cut,
      problem: 'cut',
      message: AUDIT_BREAK_MESSAGES.cut(cut),
    };
    const firm = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt: firmReceipt });
    expect(firm.json()).toEqual({ intact: false, events: 3, brokenAt, receipt: null });
    // The same receipt as its one line (as the mails and the PDF print it) works on the attorney's side.
    const line = `${RECEIPT_TEXT_PREFIX}${Buffer.from(canonicalJson(firmReceipt)).toString('base64url')}`;
    const attorney = await post(w.attorney, `${w.attorneyUrl}/audit/verify`, { receipt: line });
    expect(attorney.json()).toMatchObject({ intact: false, brokenAt });
    const account = await post(w.attorney, '/api/attorney/audit/verify', { receipt: accountReceipt });
    expect(account.json()).toMatchObject({ intact: false, brokenAt });
  });

  it('names an edit after the receipt', async () => {
    const w = await sharedWorld();
    const { receipt } = (await get(w.firm, `${w.firmUrl}/audit/verify`)).json();
    await t()
      .db.update(auditEvents)
      .set({ actorEmail: 'someone@else.example' })
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, 2)));
    const res = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt });
    expect(res.json()).toEqual({
      intact: false,
      events: 4,
      brokenAt: {
        requestId: w.requestId,
        seq: 2,
        problem: 'changed',
        message: AUDIT_BREAK_MESSAGES.changed(2),
      },
      receipt: null,
    });
  });

  it('names a rewrite after the receipt: every hash recomputed, the chain checks by itself', async () => {
    const w = await sharedWorld();
    const { receipt } = (await get(w.attorney, `${w.attorneyUrl}/audit/verify`)).json();
    // Rewrite event 2 and recompute its hash and every one after it, and the head, as an insider could.
    const db = t().db;
    await db
      .update(auditEvents)
      .set({ actorEmail: 'someone@else.example' })
      .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, 2)));
    const events = await db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.requestId, w.requestId))
      .orderBy(auditEvents.seq);
    const { eventHash } = await import('../../audit/audit-chain');
    let prev = GENESIS_HASH;
    for (const e of events) {
      const hash = eventHash(prev, { ...e, prevHash: prev });
      await db
        .update(auditEvents)
        .set({ prevHash: prev, hash })
        .where(and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, e.seq)));
      prev = hash;
    }
    await db.update(auditHeads).set({ hash: prev }).where(eq(auditHeads.requestId, w.requestId));
    expect((await get(w.attorney, `${w.attorneyUrl}/audit/verify`)).json()).toMatchObject({ intact: true });
    const res = await post(w.attorney, `${w.attorneyUrl}/audit/verify`, { receipt });
    expect(res.json()).toMatchObject({
      intact: false,
      brokenAt: {
        requestId: w.requestId,
        seq: 4,
        problem: 'rewritten',
        message: AUDIT_BREAK_MESSAGES.rewritten(4),
      },
      receipt: null,
    });
  });

  it('still holds an old receipt after new events; refuses a forged or foreign one with 400', async () => {
    const w = await sharedWorld();
    const { receipt } = (await get(w.firm, `${w.firmUrl}/audit/verify`)).json();
    expect((await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' })).statusCode).toBe(200);
    const later = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt });
    expect(later.json()).toMatchObject({ intact: true, events: 5, brokenAt: null });

    const forged = { ...receipt, heads: [{ ...receipt.heads[0], events: 3 }] };
    const bad = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt: forged });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(RECEIPT_MESSAGES.notSigned);
    const junk = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt: 'hello' });
    expect(junk.statusCode).toBe(400);
    expect(typeof junk.json().errors?.receipt).toBe('string');

    const other = await sharedWorld();
    const foreign = (await get(other.firm, `${other.firmUrl}/audit/verify`)).json().receipt;
    const res = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt: foreign });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(RECEIPT_MESSAGES.otherTrail);
    // Nothing was appended by the refused checks.
    const [head] = await t().db.select().from(auditHeads).where(eq(auditHeads.requestId, w.requestId));
    expect(head.seq).toBe(5);
  });

  it('puts the receipt in the share and update mails', async () => {
    const w = await world();
    await post(w.attorney, `${w.attorneyUrl}/share`, { certification: { fullName: 'Casey Nguyen' } });
    const receiptOf = async (kind: string, to: string) => {
      const mail = (await t().db.select().from(outbox)).find((m) => m.kind === kind && m.to === to)!;
      const line = mail.text.match(/lp-receipt\.[A-Za-z0-9_-]+/)![0];
      expect(mail.html).toContain(line);
      return line;
    };
    for (const [kind, to] of [
      ['package_shared', w.firm.user.email],
      ['package_shared_confirmation', w.attorney.user.email],
    ]) {
      const line = await receiptOf(kind, to);
      expect(decode(line).heads).toEqual([expect.objectContaining({ requestId: w.requestId, events: 3 })]);
      const res = await post(w.firm, `${w.firmUrl}/audit/verify`, { receipt: line });
      expect(res.json()).toMatchObject({ intact: true, brokenAt: null });
    }
    expect(
      (await post(w.attorney, `${w.attorneyUrl}/update`, { accessUntil: '2099-12-31' })).statusCode,
    ).toBe(200);
    const update = await receiptOf('package_updated', w.firm.user.email);
    expect(decode(update).heads[0]).toMatchObject({ requestId: w.requestId, events: 4 });
    await cutTheEnd(w.requestId);
    const res = await post(w.attorney, `${w.attorneyUrl}/audit/verify`, { receipt: update });
    expect(res.json()).toMatchObject({ intact: false, brokenAt: { problem: 'cut', seq: 4 } });
  });

  it('answers 401, 403 and 404 like every endpoint', async () => {
    const w = await sharedWorld();
    const other = await world({ firmName: 'Other LLP' });
    const { receipt } = (await get(w.firm, `${w.firmUrl}/audit/verify`)).json();
    for (const [owner, stranger, wrongKind, base] of [
      [w.firm, other.firm, w.attorney, w.firmUrl],
      [w.attorney, other.attorney, w.firm, w.attorneyUrl],
    ] as const) {
      const url = `${base}/audit/verify`;
      expect((await t().app.inject({ method: 'POST', url, payload: { receipt } })).statusCode).toBe(401);
      expect((await post(wrongKind, url, { receipt })).statusCode).toBe(403);
      expect((await post(stranger, url, { receipt })).statusCode).toBe(404);
      expect((await post(owner, url, {})).statusCode).toBe(400);
      expect((await post(owner, url, { receipt })).statusCode).toBe(200);
    }
  });
});

describe('the record key', () => {
  it('is made on the first start in DATA_DIR, kept, and RECORD_SIGNING_KEY wins', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'lp-record-key-'));
    try {
      const first = recordKey({ env: 'development', dataDir });
      const file = path.join(dataDir, RECORD_KEY_FILE);
      expect(existsSync(file)).toBe(true);
      expect(statSync(file).mode & 0o077).toBe(0);
      // Another process (a fresh cache) reads the same key.
      const pem = readFileSync(file, 'utf8');
      const other = recordKey({ env: 'production', dataDir: path.join(dataDir, '.'), recordSigningKey: pem });
      expect(other.keyId).toBe(first.keyId);
      const escaped = recordKey({ env: 'production', dataDir, recordSigningKey: pem.replace(/\n/g, '\\n') });
      expect(escaped.keyId).toBe(first.keyId);
      expect(() => recordKey({ env: 'production', dataDir, recordSigningKey: 'not a key' })).toThrow(
        /RECORD_SIGNING_KEY/,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
