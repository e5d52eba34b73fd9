import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { sharedPackages } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { addFirmMember } from '../../team/team.factories';
import { sharingControlClient } from './sharing-control.test-support';

type Version = { version: number; sharedAt: string; changes?: number | null };

/**
 * Issues 64 and 67: each version keeps how many answers changed from the one before ('What changed', one
 * definition), counted in the parts the reader gets; the review page learns which version the member last
 * opened; the pipeline's last activity reads 'Shared v2 · 2 changes'.
 */
describeEachDb('the changes of a version', (t) => {
  const { post, get, as, world } = sharingControlClient(t);

  /** Shared, opened by the firm's registrant at version 1, then updated with a new phone and address. */
  async function updated() {
    const w = await world();
    const conflicts = await addFirmMember(t().app, w.firm.firmId, ['conflicts']);
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const first = (await get(w.firm, w.firmUrl)).json();
    // Never opened before this read: no 'since version M'.
    expect(first.lastOpenedVersion).toBeNull();
    expect(first.package.versions).toEqual([{ version: 1, sharedAt: expect.any(String), changes: null }]);
    const profile = await as(w.attorney, {
      method: 'PUT',
      url: '/api/attorney/profile',
      payload: { phone: '+1 617 555 0199', lawSchool: 'Boston University School of Law' },
    });
    expect(profile.statusCode, profile.body).toBe(200);
    const update = await post(w.attorney, `${w.base}/update`);
    expect(update.statusCode, update.body).toBe(200);
    return { ...w, conflicts };
  }

  it('stores the count with the version, the same changes as What changed, and the version last opened', async () => {
    const w = await updated();
    const [row] = await t()
      .db.select({ changeCounts: sharedPackages.changeCounts })
      .from(sharedPackages)
      .where(and(eq(sharedPackages.requestId, w.requestId), eq(sharedPackages.version, 2)));
    // Two answers of the profile changed, nothing else (worked by hand: the phone and the law school).
    expect(row.changeCounts).toEqual({ profile: 2 });

    const detail = (await get(w.firm, w.firmUrl)).json();
    expect(detail.package.versions.map((v: Version) => [v.version, v.changes])).toEqual([
      [1, null],
      [2, 2],
    ]);
    // The member last opened version 1; the read that answered this is not counted in it.
    expect(detail.lastOpenedVersion).toBe(1);
    const changes = (await get(w.firm, `${w.firmUrl}/changes?from=1&to=2`)).json();
    expect(changes).toHaveLength(2);
    expect(changes.map((c: { label: string }) => c.label).sort()).toEqual(['Law School', 'Phone']);
    // Opened again: version 2 is now the one last opened.
    expect((await get(w.firm, w.firmUrl)).json().lastOpenedVersion).toBe(2);
  });

  it('counts only the parts the reader gets: the conflicts department sees no change it cannot read', async () => {
    const w = await updated();
    const detail = (await get(w.conflicts, w.firmUrl)).json();
    expect(detail.visibleParts).toEqual(['conflictsForm']);
    expect(detail.package.versions.map((v: Version) => v.changes)).toEqual([null, 0]);
    expect(detail.lastOpenedVersion).toBeNull();
    // Issue 67 item 11: the candidate card's conflicts status, as the pipeline lists it.
    const listed = (await get(w.conflicts, '/api/firm/lpq-requests')).json() as {
      id: string;
      conflictsStatus: string | null;
      conflictsWaiting: number;
    }[];
    const row = listed.find((r) => r.id === w.requestId)!;
    expect(row.conflictsStatus).toBe('pending');
    expect(row.conflictsWaiting).toBeGreaterThan(0);
    expect({ status: detail.conflictsStatus, waiting: detail.conflictsWaiting }).toEqual({
      status: row.conflictsStatus,
      waiting: row.conflictsWaiting,
    });
  });

  it("the pipeline's last activity: 'Shared v2 · 2 changes' for the hiring side, per reader, in the list's one statement", async () => {
    const w = await updated();
    const rowOf = async (cookie: { cookie: string }) => {
      const res = await get(cookie, '/api/firm/lpq-requests');
      expect(res.statusCode, res.body).toBe(200);
      return (res.json() as { id: string; lastActivity: { text: string } }[]).find(
        (r) => r.id === w.requestId,
      );
    };
    expect((await rowOf(w.firm))?.lastActivity.text).toBe('Shared v2 · 2 changes');
    expect((await rowOf(w.conflicts))?.lastActivity.text).toBe('Shared v2 · no changes');
  });

  it('counts a version stored before the counts were kept on its first read, and keeps the count', async () => {
    const w = await updated();
    await t()
      .db.update(sharedPackages)
      .set({ changeCounts: null })
      .where(eq(sharedPackages.requestId, w.requestId));
    // Not counted yet: the list says the version only.
    const listed = (await get(w.firm, '/api/firm/lpq-requests')).json() as {
      id: string;
      lastActivity: { text: string };
    }[];
    expect(listed.find((r) => r.id === w.requestId)?.lastActivity.text).toBe('Shared v2');
    const detail = (await get(w.firm, w.firmUrl)).json();
    expect(detail.package.versions.map((v: Version) => v.changes)).toEqual([null, 2]);
    const rows = await t()
      .db.select({ version: sharedPackages.version, changeCounts: sharedPackages.changeCounts })
      .from(sharedPackages)
      .where(eq(sharedPackages.requestId, w.requestId));
    expect(Object.fromEntries(rows.map((r) => [r.version, r.changeCounts]))).toEqual({
      1: null,
      2: { profile: 2 },
    });
  });

  it('401 signed out and 404 for another firm, with nothing counted or recorded as opened', async () => {
    const w = await updated();
    const out = await t().app.inject({ method: 'GET', url: w.firmUrl });
    expect(out.statusCode).toBe(401);
    const { firm: other } = await world({ firmName: 'Other & Co' });
    expect((await get(other, w.firmUrl)).statusCode).toBe(404);
    // The other firm's attempt did not make version 2 'opened' for anyone.
    expect((await get(w.firm, w.firmUrl)).json().lastOpenedVersion).toBe(1);
  });
});
