import { AUDIT_WITHHELD } from '@shared/audit-trail';
import { TEAM_MESSAGES } from '@shared/team';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accessEvents } from '../../db/schema';
import { describeEachDb, type TestApp } from '../../test/harness';
import { pdfText } from '../files/files.test-support';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from './team.factories';

/**
 * PRODUCT.md §9, need-to-know: each member gets their slice of a shared package on every path (package JSON,
 * versions, 'What changed', PDF, document links), a part their roles do not reach is absent, and every read is
 * recorded with the reader's roles.
 */
describeEachDb('firm team: who reads what', (t: () => TestApp, kind) => {
  const { as, post, get, world, eventsOf, updateWithChange } = sharingControlClient(t);

  async function team() {
    const w = await world({ firmName: 'Arden & Vale' });
    const member = (roles: Parameters<typeof addFirmMember>[2], firstName: string) =>
      addFirmMember(t().app, w.firm.firmId, roles, { firstName, lastName: 'Member' });
    const reviewer = await member(['reviewer'], 'Rosa');
    const unassigned = await member(['reviewer'], 'Uma');
    const conflicts = await member(['conflicts'], 'Cole');
    const recruiter = await member(['recruiter'], 'Remy');
    await as(recruiter, {
      method: 'PUT',
      url: `${w.firmUrl}/reviewers`,
      payload: { userIds: [reviewer.user.id] },
    });
    expect((await post(w.attorney, `${w.base}/share`, { include: { diversityForm: true } })).statusCode).toBe(
      200,
    );
    return { ...w, reviewer, unassigned, conflicts, recruiter };
  }

  // Issue 67 item 16: what access has ended for is hidden on the page, and refused here.
  it('refuses to assign reviewers once the attorney revoked: 409, no reviewer added, no mail', async () => {
    const w = await team();
    expect((await post(w.attorney, `${w.base}/revoke`)).statusCode).toBe(200);
    const mailsBefore = (await t().outbox(w.unassigned.user.email)).length;
    const assign = await as(w.recruiter, {
      method: 'PUT',
      url: `${w.firmUrl}/reviewers`,
      payload: { userIds: [w.reviewer.user.id, w.unassigned.user.id] },
    });
    expect(assign.statusCode).toBe(409);
    expect(assign.json()).toEqual({ message: TEAM_MESSAGES.accessEnded });
    const reviewers = await get(w.recruiter, `${w.firmUrl}/reviewers`);
    expect(reviewers.json().map((r: { userId: string }) => r.userId)).toEqual([w.reviewer.user.id]);
    expect((await t().outbox(w.unassigned.user.email)).length).toBe(mailsBefore);
  });

  it('gives each member exactly their parts: absent, never blanked, on JSON, versions, changes and PDF', async () => {
    const w = await team();
    await updateWithChange(w.attorney, `${w.base}/update`);
    const hiring = ['profile', 'masterLpq', 'positionLpq', 'businessPlan', 'documents'];
    const reviewerView = (await get(w.reviewer, w.firmUrl)).json();
    expect(reviewerView.visibleParts).toEqual(hiring);
    expect(Object.keys(reviewerView.package)).not.toContain('conflictsForm');
    expect(Object.keys(reviewerView.package)).not.toContain('diversityForm');
    expect(reviewerView.reviewers).toEqual([
      { userId: w.reviewer.user.id, firstName: 'Rosa', lastName: 'Member' },
    ]);
    const v1 = (await get(w.reviewer, `${w.firmUrl}?version=1`)).json().package;
    expect(Object.keys(v1)).not.toContain('conflictsForm');

    const conflictsView = (await get(w.conflicts, w.firmUrl)).json();
    expect(conflictsView.visibleParts).toEqual(['conflictsForm']);
    for (const part of [...hiring, 'diversityForm']) expect(conflictsView.package).not.toHaveProperty(part);
    expect(conflictsView.package.conflictsForm).toMatchObject({ attorneyName: 'Dana Whitfield' });
    const changes = (await get(w.conflicts, `${w.firmUrl}/changes?from=1&to=2`)).json();
    for (const change of changes) expect(change.section).toBe('Conflicts of Interest');
    const pdf = await get(w.conflicts, `${w.firmUrl}/package.pdf`);
    expect(pdf.statusCode).toBe(200);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Conflicts of Interest');
    expect(text).not.toContain('Master LPQ');
    expect(text).not.toContain('Business Plan');

    // Documents reach the hiring side only.
    const link = reviewerView.package.documents[0].url as string;
    expect((await get(w.reviewer, link)).statusCode).toBe(200);
    expect((await get(w.conflicts, link)).statusCode).toBe(404);
    expect((await get(w.diversity, link)).statusCode).toBe(404);
    expect((await get(w.unassigned, link)).statusCode).toBe(404);

    // The diversity officer reads no request at all.
    expect((await get(w.diversity, w.firmUrl)).statusCode).toBe(403);
    expect((await get(w.diversity, '/api/firm/lpq-requests')).statusCode).toBe(403);
    // An unassigned reviewer: the request does not exist for them, and their list is empty.
    expect((await get(w.unassigned, w.firmUrl)).statusCode).toBe(404);
    expect((await get(w.unassigned, '/api/firm/lpq-requests')).json()).toEqual([]);
    expect((await get(w.reviewer, '/api/firm/lpq-requests')).json().map((r: { id: string }) => r.id)).toEqual(
      [w.requestId],
    );

    const events = await eventsOf(w.requestId);
    const byReader = events.filter((e) => e.firmUserId === w.conflicts.user.id);
    expect(byReader.every((e) => JSON.stringify(e.parts) === '["conflictsForm"]')).toBe(true);
    expect(byReader.every((e) => JSON.stringify(e.readerRoles) === '["conflicts"]')).toBe(true);
  });

  it('unassigning a reviewer ends their access at once, document links included', async () => {
    const w = await team();
    const link = (await get(w.reviewer, w.firmUrl)).json().package.documents[0].url as string;
    const res = await as(w.recruiter, {
      method: 'PUT',
      url: `${w.firmUrl}/reviewers`,
      payload: { userIds: [] },
    });
    expect(res.json()).toEqual([]);
    expect((await get(w.reviewer, w.firmUrl)).statusCode).toBe(404);
    expect((await get(w.reviewer, link)).statusCode).toBe(404);
  });

  it('assigns only the firm’s reviewers (400 otherwise) and mails the newly assigned', async () => {
    const w = await team();
    const bad = await as(w.recruiter, {
      method: 'PUT',
      url: `${w.firmUrl}/reviewers`,
      payload: { userIds: [w.conflicts.user.id] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.userIds).toBe(TEAM_MESSAGES.notAssignable);
    const mails = (await t().outbox(w.reviewer.user.email)).map((m) => m.kind);
    expect(mails).toContain('reviewer_assigned');
    // Shared: the assigned reviewer is mailed with the member who sent it.
    expect(mails).toContain('package_shared');
  });

  it('the conflicts view: the form, employers and clients’ names, no figures, and the rows', async () => {
    const w = await team();
    const view = (await get(w.conflicts, `${w.firmUrl}/conflicts`)).json();
    expect(view.conflictsForm).toMatchObject({ attorneyName: 'Dana Whitfield' });
    expect(view.employers.length).toBeGreaterThan(0);
    expect(view.clientNames.length).toBeGreaterThan(0);
    expect(JSON.stringify(view)).not.toMatch(/collections|billableHours|Projected/i);
    expect((await get(w.conflicts, '/api/firm/conflicts?status=pending')).json()).toEqual([
      expect.objectContaining({
        requestId: w.requestId,
        conflictsStatus: 'pending',
        conflictsFormShared: true,
      }),
    ]);
    // PRODUCT.md §13: the answers per row decide the status (conflicts.rows.test.ts answers them).
    expect(view.conflictsStatus).toBe('pending');
    expect(view.rows.map((r: { partyName: string }) => r.partyName)).toEqual(['Acme Corp', 'Old Co']);
    expect((await get(w.reviewer, `${w.firmUrl}/conflicts`)).statusCode).toBe(403);
    const kinds = (await eventsOf(w.requestId)).map((e) => e.kind);
    expect(kinds).toContain('conflicts_view');
  });

  it('self-identification: the shared forms and counts, each read recorded, nothing else of a package', async () => {
    const w = await team();
    const page = (await get(w.diversity, '/api/firm/self-identification')).json();
    expect(page.forms).toEqual([
      expect.objectContaining({
        requestId: w.requestId,
        attorneyName: 'Casey Nguyen',
        form: expect.any(Object),
      }),
    ]);
    expect(page.counts.gender).toEqual({ 'non-binary': 1 });
    const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, w.requestId));
    expect(events.filter((e) => e.kind === 'self_identification_view')).toHaveLength(1);
    expect((await get(w.reviewer, '/api/firm/self-identification')).statusCode).toBe(403);
  });

  // Issue 67 item 12: one form's answer is not readable off the counts, in the CSV either.
  it('self-identification counts as CSV: a count under 5 reads fewer than 5; counts only, no read recorded', async () => {
    const w = await team();
    const before = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, w.requestId));
    const csv = await get(w.diversity, '/api/firm/self-identification/counts.csv');
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="self-identification-counts.csv"');
    const lines = csv.body.trimEnd().split('\r\n');
    expect(lines[0]).toBe('Question,Answer,Forms');
    expect(lines).toContain('Gender,Non-binary,fewer than 5');
    expect(lines.every((line, i) => i === 0 || line.endsWith(',fewer than 5'))).toBe(true);
    expect(csv.body).not.toContain('Casey');
    const after = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, w.requestId));
    expect(after).toHaveLength(before.length);
    expect((await get(w.reviewer, '/api/firm/self-identification/counts.csv')).statusCode).toBe(403);
    expect((await get(w.firm, '/api/firm/self-identification/counts.csv')).statusCode).toBe(403);
  });

  it('tells the attorney, before sharing, who reads each part by role and name', async () => {
    const w = await world();
    await addFirmMember(t().app, w.firm.firmId, ['conflicts'], { firstName: 'Cole', lastName: 'Hart' });
    const audience = (await get(w.attorney, `${w.base}/audience`)).json();
    const part = (name: string) => audience.parts.find((p: { part: string }) => p.part === name);
    expect(part('conflictsForm')).toEqual({
      part: 'conflictsForm',
      roles: ['conflicts'],
      people: expect.arrayContaining([{ name: 'Cole Hart', roles: ['conflicts'] }]),
    });
    expect(part('diversityForm').people).toEqual([{ name: 'Dana Reed', roles: ['diversity'] }]);
    expect(part('masterLpq').people.map((p: { name: string }) => p.name)).not.toContain('Dana Reed');
    expect(audience.diversityAccepted).toBe(true);
  });

  it('the attorney’s access log and the request’s history name every reader with their roles', async () => {
    const w = await team();
    await get(w.reviewer, w.firmUrl);
    await get(w.conflicts, `${w.firmUrl}/conflicts`);
    await get(w.recruiter, w.firmUrl);
    await get(w.diversity, '/api/firm/self-identification');
    const readers = (entries: { firmUserName: string; readerRoles: string[]; what: string }[]) =>
      entries.map((e) => [e.firmUserName, e.readerRoles, e.what]).sort();
    const expected = [
      ['Cole Member', ['conflicts'], 'Conflicts view'],
      ['Dana Reed', ['diversity'], 'Self-identification form'],
      ['Remy Member', ['recruiter'], 'Shared package'],
      ['Rosa Member', ['reviewer'], 'Shared package'],
    ];
    expect(readers((await get(w.attorney, '/api/attorney/access-log')).json())).toEqual(expected);
    const history = await get(w.attorney, `/api/attorney/access-log?requestId=${w.requestId}`);
    expect(readers(history.json())).toEqual(expected);
    const activity = (await get(w.attorney, '/api/attorney/activity')).json() as { title: string }[];
    expect(activity.map((a) => a.title)).toContain(
      'Arden & Vale (Rosa Member, Reviewer): viewed Shared package',
    );
  });

  it('a conflicts reader’s package reads are named for the conflicts form they held, not the package', async () => {
    const w = await team();
    expect((await get(w.conflicts, w.firmUrl)).statusCode).toBe(200);
    expect((await get(w.conflicts, `${w.firmUrl}/package.pdf`)).statusCode).toBe(200);
    expect((await get(w.recruiter, w.firmUrl)).statusCode).toBe(200);
    const log = (await get(w.attorney, '/api/attorney/access-log')).json() as {
      firmUserName: string;
      what: string;
      readerId: string;
      firstAt: string;
      at: string;
      reads: { action: string; what: string; count: number }[];
    }[];
    const cole = log.find((e) => e.firmUserName === 'Cole Member')!;
    expect(cole.reads).toEqual([
      { action: 'viewed', what: 'Conflicts form', count: 1 },
      { action: 'exported', what: 'Conflicts form (PDF)', count: 1 },
    ]);
    expect(JSON.stringify(cole)).not.toMatch(/Shared package|Package PDF/);
    expect(log.find((e) => e.firmUserName === 'Remy Member')!.what).toBe('Shared package');
    const reads = await get(
      w.attorney,
      `/api/attorney/access-log/reads?requestId=${w.requestId}&readerId=${cole.readerId}&from=${encodeURIComponent(cole.firstAt)}&to=${encodeURIComponent(cole.at)}`,
    );
    expect(reads.statusCode).toBe(200);
    expect(
      reads
        .json()
        .map((r: { what: string }) => r.what)
        .sort(),
    ).toEqual(['Conflicts form', 'Conflicts form (PDF)']);
  });

  // Issue 66 item 4: a read is named by the parts it carried, not by what the reader's roles might reach.
  it('a member holding reviewer and conflicts, unassigned, read the conflicts form: the log says so, not the package', async () => {
    const w = await team();
    const both = await addFirmMember(t().app, w.firm.firmId, ['reviewer', 'conflicts'], {
      firstName: 'Bea',
      lastName: 'Member',
    });
    expect((await get(both, w.firmUrl)).json().visibleParts).toEqual(['conflictsForm']);
    expect((await get(both, `${w.firmUrl}/package.pdf`)).statusCode).toBe(200);
    // Assigned, the next read carries the hiring parts: that one is the shared package.
    await as(w.recruiter, {
      method: 'PUT',
      url: `${w.firmUrl}/reviewers`,
      payload: { userIds: [w.reviewer.user.id, both.user.id] },
    });
    expect((await get(both, w.firmUrl)).json().visibleParts).toContain('masterLpq');
    const log = (await get(w.attorney, '/api/attorney/access-log')).json() as {
      firmUserName: string;
      readerId: string;
      firstAt: string;
      at: string;
      reads: { action: string; what: string; count: number }[];
    }[];
    const bea = log.find((e) => e.firmUserName === 'Bea Member')!;
    expect(bea.reads).toEqual([
      { action: 'viewed', what: 'Conflicts form', count: 1 },
      { action: 'viewed', what: 'Shared package', count: 1 },
      { action: 'exported', what: 'Conflicts form (PDF)', count: 1 },
    ]);
    const reads = await get(
      w.attorney,
      `/api/attorney/access-log/reads?requestId=${w.requestId}&readerId=${bea.readerId}&from=${encodeURIComponent(bea.firstAt)}&to=${encodeURIComponent(bea.at)}`,
    );
    expect(reads.json().map((r: { what: string }) => r.what)).toEqual([
      'Shared package',
      'Conflicts form (PDF)',
      'Conflicts form',
    ]);
  });

  it('the audit trail leaves out, for each member, the parts of the package their roles do not reach', async () => {
    const w = await team();
    await get(w.diversity, '/api/firm/self-identification');
    await get(w.conflicts, `${w.firmUrl}/conflicts`);
    await get(w.conflicts, w.firmUrl);
    await get(w.reviewer, w.firmUrl);
    const trail = async (reader: Pick<typeof w.firm, 'cookie'>, format: 'csv' | 'pdf') => {
      const res = await get(reader, `${w.firmUrl}/audit.${format}`);
      expect(res.statusCode).toBe(200);
      return format === 'csv' ? res.body : pdfText(res.rawPayload);
    };
    const diversityWords = /diversity|self-identification|Dana Reed/i;
    for (const reader of [w.reviewer, w.recruiter, w.firm]) {
      for (const format of ['csv', 'pdf'] as const) {
        const text = await trail(reader, format);
        expect(text).not.toMatch(diversityWords);
        expect(text).toContain('Rosa Member');
      }
      expect((await get(reader, `${w.firmUrl}/audit/verify`)).json()).toMatchObject({ intact: true });
    }
    // Conflicts reads reach only the conflicts department (the registrant holds that role too).
    expect(await trail(w.reviewer, 'csv')).not.toContain('Cole Member');
    expect(await trail(w.firm, 'csv')).toContain('Cole Member');
    const shareRow = (await trail(w.reviewer, 'csv')).split('\r\n').find((l) => l.includes(',shared,'));
    expect(shareRow).toContain(AUDIT_WITHHELD.json);
    // The conflicts department's trail names no hiring part's read, and no diversity.
    const conflictsTrail = await trail(w.conflicts, 'csv');
    expect(conflictsTrail).not.toMatch(diversityWords);
    expect(conflictsTrail).not.toContain('Rosa Member');
    expect(conflictsTrail).toContain('Cole Member');
    // The diversity officer reads no request's trail; the attorney's is whole.
    expect((await get(w.diversity, `${w.firmUrl}/audit.csv`)).statusCode).toBe(403);
    const own = await get(w.attorney, `${w.base}/audit.csv`);
    expect(own.body).toContain('diversity self-identification');
    expect(own.body).toContain('Dana Reed');
  });

  it.runIf(kind === 'postgres')(
    'removing a reviewer while they read: each read is whole or refused, every package read recorded',
    async () => {
      const w = await team();
      const reads = Array.from({ length: 12 }, () => get(w.reviewer, w.firmUrl));
      const [removal, ...results] = await Promise.all([
        as(w.firm, { method: 'DELETE', url: `/api/firm/members/${w.reviewer.user.id}` }),
        ...reads,
      ]);
      expect(removal.statusCode).toBe(204);
      let served = 0;
      for (const res of results) {
        expect([200, 401, 403, 404]).toContain(res.statusCode);
        if (res.statusCode === 200) {
          served++;
          expect(res.json().package.masterLpq).toBeDefined();
        }
      }
      const recorded = (await eventsOf(w.requestId)).filter((e) => e.firmUserId === w.reviewer.user.id);
      expect(recorded).toHaveLength(served);
      expect((await get(w.reviewer, w.firmUrl)).statusCode).toBe(401);
    },
  );
});
