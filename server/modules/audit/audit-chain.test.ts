import { and, eq, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { expect, it } from 'vitest';
import { auditEvents, auditHeads, lpqRequests } from '../../db/schema';
import { buildAttorney } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from '../firm/firm.factories';
import { completeMasterLpqFor, sendRequest } from '../requests/sharing/sharing.test-support';
import {
  appendAuditEventToEach,
  appendChainEvent,
  auditAppendCtes,
  eventContent,
  firmActor,
  GENESIS_HASH,
  readChain,
  sha256Hex,
  sqlCanonicalObject,
  systemActor,
  verifyChain,
} from './audit-chain';

/** Text a JSON writer might get wrong: quotes, backslashes, controls, line separators, accents, emoji. */
const AWKWARD = 'O\'Brien "Ω" \\ tab\there\nline\u2028sep\u0007bell é 😀 </script>';

describeEachDb('audit trail: the hash chain (PRODUCT.md §11)', (t, kind) => {
  const db = () => t().db;

  /** A firm's request (its 'sent' event is seq 1) and the firm user. */
  async function request(firmName = 'Arden & Vale') {
    const firm = await buildFirm(t().app, { firmName });
    const attorney = await buildAttorney(t().app);
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    return { firm, attorney, requestId };
  }
  const verify = async (requestId: string) => {
    const { events, head } = await readChain(db(), requestId);
    return verifyChain(requestId, events, head);
  };

  it('hashes in SQL what JS recomputes, whatever the text holds', async () => {
    const { firm, requestId } = await request();
    await appendChainEvent(db(), {
      requestId,
      actor: { ...firmActor(firm.user), name: AWKWARD, role: 'recruiter' },
      type: 'read',
      details: { what: AWKWARD, version: 1, nested: { z: [1, null, true], a: 'x' }, big: 2 ** 53 - 1 },
    });
    await appendChainEvent(db(), { requestId, actor: systemActor('due-date-reminders'), type: 'reminded' });
    const { events, head } = await readChain(db(), requestId);
    expect(events.map((e) => [e.seq, e.type])).toEqual([
      [1, 'sent'],
      [2, 'read'],
      [3, 'reminded'],
    ]);
    let prev = GENESIS_HASH;
    for (const e of events) {
      expect(e.prevHash).toBe(prev);
      // Scheme 2 (issue 67): the hash covers the salted commitment to the content.
      expect(e.hash).toBe(sha256Hex(prev + sha256Hex(e.salt + eventContent(e))));
      prev = e.hash;
    }
    expect(head).toMatchObject({ seq: 3, hash: prev });
    expect(verifyChain(requestId, events, head)).toEqual({ intact: true, events: 3, brokenAt: null });
    // The content is what the file header says, keys sorted, no whitespace.
    expect(eventContent(events[2])).toBe(
      `{"actor":{"email":null,"kind":"system","name":"Lateral Passport","role":"due-date-reminders"},"at":"${events[2].at.toISOString()}","details":{},"requestId":"${requestId}","seq":3,"type":"reminded"}`,
    );
  });

  it('names the event an edit in the database changed', async () => {
    const { requestId } = await request();
    await appendChainEvent(db(), {
      requestId,
      actor: systemActor('x'),
      type: 'reminded',
      details: { to: 'a@b.c' },
    });
    await appendChainEvent(db(), { requestId, actor: systemActor('x'), type: 'reminded' });
    expect((await verify(requestId)).intact).toBe(true);
    await db()
      .update(auditEvents)
      .set({ details: { to: 'someone-else@b.c' } })
      .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.seq, 2)));
    expect(await verify(requestId)).toEqual({
      intact: false,
      events: 3,
      brokenAt: {
        requestId,
        seq: 2,
        problem: 'changed',
        message: 'Event 2 was changed after it was recorded.',
      },
    });
  });

  it('names a changed actor, a changed time and a re-linked event', async () => {
    for (const edit of [
      { set: { actorName: 'Someone Else' }, problem: 'changed' },
      { set: { at: new Date('2020-01-01T00:00:00.000Z') }, problem: 'changed' },
      { set: { type: 'read' }, problem: 'changed' },
      { set: { prevHash: 'f'.repeat(64) }, problem: 'unlinked' },
    ]) {
      const { requestId } = await request();
      await appendChainEvent(db(), { requestId, actor: systemActor('x'), type: 'reminded' });
      await db()
        .update(auditEvents)
        .set(edit.set)
        .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.seq, 1)));
      expect((await verify(requestId)).brokenAt).toMatchObject({ seq: 1, problem: edit.problem });
    }
  });

  it('names a deleted event, the last one included, and an edited head', async () => {
    const { requestId } = await request();
    for (let i = 0; i < 3; i++)
      await appendChainEvent(db(), { requestId, actor: systemActor('x'), type: 'reminded', details: { i } });
    const remove = (seq: number) =>
      db()
        .delete(auditEvents)
        .where(and(eq(auditEvents.requestId, requestId), eq(auditEvents.seq, seq)));
    await remove(4);
    expect((await verify(requestId)).brokenAt).toMatchObject({ seq: 4, problem: 'missing' });
    await remove(2);
    expect((await verify(requestId)).brokenAt).toMatchObject({ seq: 2, problem: 'missing' });

    const other = (await request()).requestId;
    await db()
      .update(auditHeads)
      .set({ hash: 'a'.repeat(64) })
      .where(eq(auditHeads.requestId, other));
    expect((await verify(other)).brokenAt).toMatchObject({ seq: 1, problem: 'head' });
  });

  it('appends nothing, loudly, for a request that does not exist', async () => {
    await expect(
      appendChainEvent(db(), {
        requestId: '00000000-0000-4000-8000-000000000000',
        actor: systemActor('x'),
        type: 'reminded',
      }),
    ).rejects.toThrow(/no head/);
  });

  it('appends one event to each of several requests in one statement', async () => {
    const a = await request();
    const b = await request();
    const n = await appendAuditEventToEach(db(), [a.requestId, b.requestId, a.requestId], {
      actor: firmActor(a.firm.user),
      type: 'exported',
      details: { what: 'list' },
    });
    expect(n).toBe(2);
    for (const id of [a.requestId, b.requestId]) {
      const v = await verify(id);
      expect(v).toMatchObject({ intact: true, events: 2 });
    }
  });

  /**
   * The firm's hot read appends its 'read' event inside its one statement (the lead's hot-reads.repo.ts):
   * the fragment written from SQL alone renders without parameters, so it can be spliced into that text,
   * and run inside a statement like the hot read's it appends exactly when a package row is read.
   */
  it('runs inside a read statement, appending only when the package is read', async () => {
    const { firm, attorney, requestId } = await request();
    await completeMasterLpqFor(t().app, attorney.cookie);
    const ctes = auditAppendCtes({
      from: sql`"package" p join "request" r on r."id" = p."request_id" cross join "session" s`,
      requestId: sql`r."id"`,
      actor: {
        kind: sql`'firm'`,
        userId: sql`s."u_id"`,
        name: sql`s."u_first_name" || ' ' || s."u_last_name"`,
        email: sql`s."u_email"`,
        role: sql`null`,
      },
      type: sql`'read'`,
      details: sqlCanonicalObject({ version: sql`p."version"`, what: sql`'package'::text` }),
    });
    expect(new PgDialect().sqlToQuery(ctes).params).toEqual([]);
    const read = (userId: string) =>
      db().execute(sql`with "session" as (
          select u."id" as "u_id", u."email" as "u_email", u."first_name" as "u_first_name", u."last_name" as "u_last_name"
          from "users" u where u."id" = ${userId}
        ), "request" as (select * from "lpq_requests" where "id" = ${requestId}),
        "package" as (select sp.* from "shared_packages" sp join "request" r on sp."request_id" = r."id"
                      and sp."version" = r."current_version"),
        ${ctes}
        select (select count(*)::int from "audit_event") as "recorded"`);
    // Not shared yet: no package row, nothing appended.
    await read(firm.user.id);
    expect((await verify(requestId)).events).toBe(1);
    const shared = await t().app.inject({
      method: 'POST',
      url: `/api/attorney/lpq-requests/${requestId}/share`,
      headers: { cookie: attorney.cookie },
    });
    expect(shared.statusCode).toBe(200);
    const before = (await verify(requestId)).events;
    await read(firm.user.id);
    const { events } = await readChain(db(), requestId);
    expect(events).toHaveLength(before + 1);
    expect(events.at(-1)).toMatchObject({
      type: 'read',
      actorKind: 'firm',
      actorName: `${firm.user.firstName} ${firm.user.lastName}`,
      actorEmail: firm.user.email,
      details: { version: 1, what: 'package' },
    });
    expect((await verify(requestId)).intact).toBe(true);
  });

  it.runIf(kind === 'postgres')(
    'appends to overlapping sets of requests at once without a deadlock',
    async () => {
      const { firm } = await request();
      const rows = await db()
        .insert(lpqRequests)
        .values(
          Array.from({ length: 300 }, (_, i) => ({
            firmId: firm.firmId,
            firmName: 'Arden & Vale',
            attorneyEmail: `bulk-${i}@example.com`,
            positionTitle: `Partner ${i}`,
            practiceArea: 'Corporate',
          })),
        )
        .returning({ id: lpqRequests.id });
      const ids = rows.map((r) => r.id);
      const actor = firmActor(firm.user);
      // Half of them name the requests in the opposite order: without one locking order they deadlock.
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          db().transaction((tx) =>
            appendAuditEventToEach(tx, i % 2 ? [...ids].reverse() : ids, {
              actor,
              type: 'exported',
              details: { i },
            }),
          ),
        ),
      );
      for (const id of ids.slice(0, 20)) expect(await verify(id)).toMatchObject({ intact: true, events: 8 });
    },
  );

  it.runIf(kind === 'postgres')(
    'keeps the chain whole under 50 concurrent appends to one request',
    async () => {
      const { firm, requestId } = await request();
      await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          appendChainEvent(db(), { requestId, actor: firmActor(firm.user), type: 'read', details: { i } }),
        ),
      );
      const { events, head } = await readChain(db(), requestId);
      expect(events.map((e) => e.seq)).toEqual(Array.from({ length: 51 }, (_, i) => i + 1));
      expect(new Set(events.map((e) => (e.details as { i?: number }).i)).size).toBe(51);
      expect(verifyChain(requestId, events, head)).toEqual({ intact: true, events: 51, brokenAt: null });
    },
  );
});
