import { AUDIT_CSV_COLUMNS, RECEIPT_TEXTS } from '@shared/audit-trail';
import { canonicalJson } from '@shared/canonical-json';
import { and, asc, eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, auditHeads, lpqRequests } from '../../../db/schema';
import { systemJob } from '../../../policies/authorize';
import { DEFAULT_PASSWORD } from '../../../test/factories';
import { describeEachDb } from '../../../test/harness';
import { readZip } from '../../account/zip.test-support';
import { recordKey } from '../../audit/trail-receipt';
import { pdfText } from '../../files/files.test-support';
import { REMINDER_JOB } from '../lifecycle/reminders';
import { expireAccess, sendDueDateReminders } from '../lifecycle/request-jobs.service';
import { ACCESS_EXPIRY_JOB } from '../sharing/access-expiry';
import { recordClient } from './record.test-support';

// PRODUCT.md §11: the audit trail of each request, its downloads and its check, for both sides.

/** A CSV's rows, quoted cells read back (enough for the cells these tests write). */
const csvRows = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (let i = 0; i < line.length; i++) {
        const ch = line[i];
        if (quoted && ch === '"' && line[i + 1] === '"') {
          cell += '"';
          i++;
        } else if (ch === '"') quoted = !quoted;
        else if (ch === ',' && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += ch;
      }
      cells.push(cell);
      return cells;
    });

describeEachDb('audit trail of a request (PRODUCT.md §11)', (t) => {
  const { get, post, world } = recordClient(t);
  const types = async (requestId: string) =>
    (
      await t()
        .db.select({ type: auditEvents.type })
        .from(auditEvents)
        .where(eq(auditEvents.requestId, requestId))
        .orderBy(asc(auditEvents.seq))
    ).map((e) => e.type);

  it('records each event of the request in one chain that both sides download and verify', async () => {
    const w = await world();
    // Resending is allowed a day after sending.
    await t()
      .db.update(lpqRequests)
      .set({ sentAt: sql`now() - interval '2 days'` })
      .where(eq(lpqRequests.id, w.requestId));
    expect((await post(w.firm, `${w.firmUrl}/resend`)).statusCode).toBe(200);
    await post(w.attorney, `${w.attorneyUrl}/share`, { certification: { fullName: 'Casey Nguyen' } });
    expect((await get(w.firm, `${w.firmUrl}/package.pdf`)).statusCode).toBe(200);
    expect((await get(w.firm, `${w.firmUrl}/changes?from=1&to=1`)).statusCode).toBe(200);
    expect((await get(w.firm, `/objects/${w.doc.id}`)).statusCode).toBe(200);
    expect((await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' })).statusCode).toBe(200);
    // Something to send (issue 67: an update with nothing changed is 409): an access end date.
    expect(
      (await post(w.attorney, `${w.attorneyUrl}/update`, { accessUntil: '2099-12-31' })).statusCode,
    ).toBe(200);
    expect((await get(w.firm, '/api/firm/lpq-requests.csv')).statusCode).toBe(200);
    expect((await post(w.attorney, `${w.attorneyUrl}/revoke`)).statusCode).toBe(200);
    expect(await types(w.requestId)).toEqual([
      'sent',
      'resent',
      'shared',
      'certified',
      'exported',
      'read',
      'downloaded',
      'status_changed',
      'updated',
      // The CSV of the firm's list is no read of the package (README, Security): nothing for it.
      'revoked',
    ]);

    for (const [actor, base] of [
      [w.firm, w.firmUrl],
      [w.attorney, w.attorneyUrl],
    ] as const) {
      const verify = await get(actor, `${base}/audit/verify`);
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toMatchObject({ intact: true, events: 10, brokenAt: null });

      const csv = await get(actor, `${base}/audit.csv`);
      expect(csv.statusCode).toBe(200);
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="audit-trail-.+\.csv"/);
      const rows = csvRows(csv.body);
      expect(rows[0]).toEqual([...AUDIT_CSV_COLUMNS]);
      expect(rows).toHaveLength(11);
      const col = (name: (typeof AUDIT_CSV_COLUMNS)[number]) => AUDIT_CSV_COLUMNS.indexOf(name);
      const shared = rows.find((r) => r[col('Event code')] === 'shared')!;
      expect(shared[col('Event')]).toBe('Package shared');
      expect(shared[col('Actor e-mail')]).toBe(w.attorney.user.email);
      expect(shared[col('Actor name')]).toBe('Casey Nguyen');
      const read = rows.find((r) => r[col('Event code')] === 'downloaded')!;
      expect(read[col('Actor name')]).toBe(`${w.firm.user.firstName} ${w.firm.user.lastName}`);
      expect(read[col('Details')]).toContain('writing-sample.pdf');
      // No form contents: nothing from the master LPQ or the conflicts form.
      expect(csv.body).not.toContain('Acme Corp');
      expect(csv.body).not.toContain('2100000');
      const stored = await t()
        .db.select()
        .from(auditEvents)
        .where(eq(auditEvents.requestId, w.requestId))
        .orderBy(asc(auditEvents.seq));
      expect(rows.slice(1).map((r) => r[col('Hash')])).toEqual(stored.map((e) => e.hash));
      // Nothing here names a part the reader's roles do not reach: every event's JSON is there to recompute.
      expect(rows.slice(1).map((r) => r[col('Details (JSON)')])).toEqual(
        stored.map((e) => canonicalJson(e.details)),
      );

      const pdf = await get(actor, `${base}/audit.pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(pdf.rawPayload);
      expect(text).toContain('Audit trail');
      expect(text).toContain('Intact: 10 events verified');
      // The order is explained: the record's order, which is time order (views enter before the next action).
      expect(text.replace(/\s+/g, ' ')).toContain('which is the order they happened');
      expect(text).toContain('Package certified');
      expect(text).toContain(stored.at(-1)!.hash);
    }
  });

  it('names the event an edit or a deletion in the database broke, on both sides and for the account', async () => {
    const w = await world();
    await post(w.attorney, `${w.attorneyUrl}/share`, { certification: { fullName: 'Casey Nguyen' } });
    await post(w.firm, `${w.firmUrl}/status`, { status: 'reviewed' });
    const verifyAll = async () => [
      (await get(w.firm, `${w.firmUrl}/audit/verify`)).json(),
      (await get(w.attorney, `${w.attorneyUrl}/audit/verify`)).json(),
      (await get(w.attorney, '/api/attorney/audit/verify')).json(),
    ];
    for (const v of await verifyAll()) expect(v.intact).toBe(true);
    const row = (seq: number) => and(eq(auditEvents.requestId, w.requestId), eq(auditEvents.seq, seq));

    await t().db.update(auditEvents).set({ actorEmail: 'someone@else.example' }).where(row(2));
    for (const v of await verifyAll())
      expect(v).toMatchObject({
        intact: false,
        brokenAt: {
          requestId: w.requestId,
          seq: 2,
          problem: 'changed',
          message: 'Event 2 was changed after it was recorded.',
        },
      });

    await t().db.delete(auditEvents).where(row(2));
    for (const v of await verifyAll()) expect(v.brokenAt).toMatchObject({ seq: 2, problem: 'missing' });
  });

  it('neutralises cells a spreadsheet would run as formulas', async () => {
    const w = await world({ firmName: '=HYPERLINK("https://evil.example","x")', positionTitle: '+SUM(A1)' });
    const csv = (await get(w.firm, `${w.firmUrl}/audit.csv`)).body;
    const [header, sent] = csvRows(csv);
    expect(sent[header.indexOf('Firm')]).toBe(`'=HYPERLINK("https://evil.example","x")`);
    expect(sent[header.indexOf('Position')]).toBe(`'+SUM(A1)`);
    expect(csv).not.toMatch(/(^|,)[=+@-]/m);
  });

  it('shows the firm the attorney’s name only once they shared; the attorney always sees theirs', async () => {
    const w = await world();
    await post(w.attorney, `${w.attorneyUrl}/decline`, { reason: 'Not now' });
    expect(await types(w.requestId)).toEqual(['sent', 'status_changed']);
    const firmCsv = (await get(w.firm, `${w.firmUrl}/audit.csv`)).body;
    expect(firmCsv).toContain(w.attorney.user.email);
    expect(firmCsv).not.toContain('Casey');
    expect((await get(w.attorney, `${w.attorneyUrl}/audit.csv`)).body).toContain('Casey Nguyen');
  });

  it('answers 401, 403 and 404 like every endpoint', async () => {
    const w = await world();
    const other = await world({ firmName: 'Other LLP' });
    for (const [owner, stranger, wrongKind, base] of [
      [w.firm, other.firm, w.attorney, w.firmUrl],
      [w.attorney, other.attorney, w.firm, w.attorneyUrl],
    ] as const)
      for (const suffix of ['/audit.csv', '/audit.pdf', '/audit/verify']) {
        const url = `${base}${suffix}`;
        expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
        expect((await get(wrongKind, url)).statusCode).toBe(403);
        expect((await get(stranger, url)).statusCode).toBe(404);
        expect((await get(owner, url.replace(w.requestId, 'not-an-id'))).statusCode).toBe(404);
        expect((await get(owner, url)).statusCode).toBe(200);
      }
    for (const url of ['/api/attorney/audit.csv', '/api/attorney/audit/verify']) {
      expect((await t().app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await get(w.firm, url)).statusCode).toBe(403);
    }
    // The whole account's trail holds the attorney's own requests only.
    const mine = csvRows((await get(w.attorney, '/api/attorney/audit.csv')).body);
    expect(new Set(mine.slice(1).map((r) => r[0]))).toEqual(new Set([w.requestId]));
  });

  it('records the jobs: a reminder and the end of an access period', async () => {
    const w = await world();
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await t().db.update(lpqRequests).set({ dueDate: tomorrow }).where(eq(lpqRequests.id, w.requestId));
    await sendDueDateReminders(t().app.ctx, systemJob(REMINDER_JOB));
    await post(w.attorney, `${w.attorneyUrl}/share`);
    await t()
      .db.update(lpqRequests)
      .set({ accessUntil: '2020-01-01' })
      .where(eq(lpqRequests.id, w.requestId));
    await expireAccess(t().app.ctx, systemJob(ACCESS_EXPIRY_JOB));
    expect(await types(w.requestId)).toEqual(['sent', 'reminded', 'shared', 'expired']);
    const csv = csvRows((await get(w.firm, `${w.firmUrl}/audit.csv`)).body);
    expect(csv.filter((r) => r[7] === 'Lateral Passport').map((r) => r[11])).toEqual(['reminded', 'expired']);
    expect((await get(w.firm, `${w.firmUrl}/audit/verify`)).json().intact).toBe(true);
  });

  it('keeps the firm’s side when the attorney deletes the account: the e-mail only, and it still verifies', async () => {
    const w = await world();
    await post(w.attorney, `${w.attorneyUrl}/share`, { certification: { fullName: 'Casey Nguyen' } });
    await get(w.firm, `${w.firmUrl}/package.pdf`);
    const deleted = await post(w.attorney, '/api/attorney/delete-account', {
      password: DEFAULT_PASSWORD,
      confirmation: 'DELETE',
    });
    expect(deleted.statusCode).toBe(204);
    expect(await types(w.requestId)).toEqual(['sent', 'shared', 'certified', 'exported', 'deleted']);
    const events = await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, w.requestId));
    for (const e of events.filter((e) => e.actorKind === 'attorney')) {
      expect(e.actorUserId).toBeNull();
      expect(e.actorName).toBeNull();
      expect(e.actorEmail).toBe(w.attorney.user.email);
    }
    expect((await get(w.firm, `${w.firmUrl}/audit/verify`)).json()).toMatchObject({
      intact: true,
      events: 5,
      brokenAt: null,
    });
    const csv = (await get(w.firm, `${w.firmUrl}/audit.csv`)).body;
    expect(csv).toContain(w.attorney.user.email);
    expect(csv).not.toContain('Casey');
  });

  it('puts the trail in the data export: the account’s CSV and a PDF per request', async () => {
    const w = await world();
    await post(w.attorney, `${w.attorneyUrl}/share`, { certification: { fullName: 'Casey Nguyen' } });
    const res = await get(w.attorney, '/api/attorney/data-export');
    expect(res.statusCode).toBe(200);
    const entries = readZip(res.rawPayload);
    const csv = entries.get('audit-trail.csv')!.toString('utf8');
    expect(csvRows(csv).map((r) => r[11])).toEqual(['Event code', 'sent', 'shared', 'certified']);
    const pdfs = [...entries.keys()].filter((n) => n.startsWith('audit-trail/'));
    expect(pdfs).toEqual([`audit-trail/Arden-Vale-Corporate-Partner-${w.requestId.slice(0, 8)}.pdf`]);
    const trailText = await pdfText(entries.get(pdfs[0])!);
    expect(trailText).toContain('Intact: 3 events verified');
    // The receipt, as the trail PDFs carry it (issue 67): the head signed, the key named.
    expect(trailText).toContain(RECEIPT_TEXTS.heading);
    expect(trailText).toContain(recordKey(t().config).keyId);
    const [head] = await t().db.select().from(auditHeads).where(eq(auditHeads.requestId, w.requestId));
    expect(trailText.replace(/\s+/g, '')).toContain(head!.hash.slice(0, 16));
    // The package PDFs end with their certificate page.
    const packagePdf = [...entries.keys()].find((n) => n.startsWith('shared/'))!;
    expect(await pdfText(entries.get(packagePdf)!)).toContain('Certified by');
  });
});
