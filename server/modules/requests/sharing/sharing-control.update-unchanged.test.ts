import { SHARING_MESSAGES } from '@shared/sharing';
import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { auditEvents, lpqRequests, sharedPackages } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { conflictsForm } from '../../master-lpq/master-lpq.fixtures';
import { sharingControlClient } from './sharing-control.test-support';

/**
 * Issue 67 item 7: 'Send update' with nothing changed since the latest version makes no version and mails
 * nobody: 409 'Nothing has changed since version N'. Any change — an answer, what the firm receives, the
 * access end date — still goes.
 */
describeEachDb('send update with nothing changed', (t) => {
  const { as, post, world, mails } = sharingControlClient(t);

  const state = async (requestId: string) => ({
    versions: (await t().db.select().from(sharedPackages).where(eq(sharedPackages.requestId, requestId)))
      .length,
    events: (await t().db.select().from(auditEvents).where(eq(auditEvents.requestId, requestId))).length,
    current: (await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, requestId)))[0].currentVersion,
    mails: (await mails('package_updated')).length,
  });

  it('answers 409 with the message and stores, records and mails nothing; a real change goes', async () => {
    const w = await world();
    const certification = { fullName: 'Casey Nguyen' };
    expect((await post(w.attorney, `${w.base}/share`, { certification })).statusCode).toBe(200);
    const before = await state(w.requestId);
    const same = await post(w.attorney, `${w.base}/update`, { certification });
    expect(same.statusCode).toBe(409);
    expect(same.json()).toEqual({ message: 'Nothing has changed since version 1' });
    expect(SHARING_MESSAGES.nothingChanged(1)).toBe('Nothing has changed since version 1');
    expect(await state(w.requestId)).toEqual(before);

    // An answer changed: version 2, mailed.
    await as(w.attorney, {
      method: 'PUT',
      url: '/api/attorney/conflicts-form',
      payload: conflictsForm({ date: '2024-06-02' }),
    });
    const changed = await post(w.attorney, `${w.base}/update`);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().version).toBe(2);
    expect((await post(w.attorney, `${w.base}/update`)).json()).toEqual({
      message: 'Nothing has changed since version 2',
    });
    // What the firm receives changed: a version of its own. The access end date alone too.
    const fewer = await post(w.attorney, `${w.base}/update`, { include: { conflictsForm: false } });
    expect(fewer.statusCode, fewer.body).toBe(200);
    const until = await post(w.attorney, `${w.base}/update`, { accessUntil: '2099-12-31' });
    expect(until.statusCode, until.body).toBe(200);
    expect(until.json().version).toBe(4);
  });

  it('lets the attorney certify what was sent uncertified, once', async () => {
    const w = await world();
    expect((await post(w.attorney, `${w.base}/share`)).statusCode).toBe(200);
    const certified = await post(w.attorney, `${w.base}/update`, {
      certification: { fullName: 'Casey Nguyen' },
    });
    expect(certified.statusCode, certified.body).toBe(200);
    expect(certified.json().version).toBe(2);
    const again = await post(w.attorney, `${w.base}/update`, { certification: { fullName: 'Casey Nguyen' } });
    expect(again.statusCode).toBe(409);
    // Without a certification the latest version is not undone either: still nothing to send.
    expect((await post(w.attorney, `${w.base}/update`)).json()).toEqual({
      message: 'Nothing has changed since version 2',
    });
  });
});
