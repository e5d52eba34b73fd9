import { eq } from 'drizzle-orm';
import { accessEvents } from '../../../db/schema';
import { type Actor, actorCalls, buildAttorney } from '../../../test/factories';
import type { TestApp } from '../../../test/harness';
import { uploadReadyPdf } from '../../files/files.test-support';
import { buildFirm } from '../../firm/firm.factories';
import { conflictsForm, diversityForm } from '../../master-lpq/master-lpq.fixtures';
import { addFirmMember } from '../../team/team.factories';
import { completeMasterLpqFor, sendRequest } from './sharing.test-support';

// The shared setup of the sharing-control.*.test.ts suites.

/** Sharing helpers around one test app. */
export function sharingControlClient(t: () => TestApp) {
  const { inject, as, post, get } = actorCalls(t);

  const uploadReady = (actor: Pick<Actor, 'cookie'>, filename: string) =>
    uploadReadyPdf(t().app, actor.cookie, filename);

  /**
   * A firm with a diversity officer (so it can receive the diversity form, PRODUCT.md §9), an attorney with a
   * complete master LPQ, a conflicts form, a submitted diversity form and a document.
   */
  async function world(opts: { firmName?: string } = {}) {
    const firm = await buildFirm(t().app, { firmName: opts.firmName ?? 'Arden & Vale' });
    const diversity = await addFirmMember(t().app, firm.firmId, ['diversity'], {
      firstName: 'Dana',
      lastName: 'Reed',
    });
    const attorney = await buildAttorney(t().app, { firstName: 'Casey', lastName: 'Nguyen' });
    const doc = await uploadReady(attorney, 'writing-sample.pdf');
    await completeMasterLpqFor(t().app, attorney.cookie, { documents: [doc], resumeUrl: undefined });
    await as(attorney, { method: 'PUT', url: '/api/attorney/conflicts-form', payload: conflictsForm() });
    await as(attorney, { method: 'PUT', url: '/api/attorney/diversity-form', payload: diversityForm() });
    const requestId = await sendRequest(t().app, firm.cookie, attorney.user.email);
    const base = `/api/attorney/lpq-requests/${requestId}`;
    return {
      firm,
      diversity,
      attorney,
      requestId,
      doc,
      base,
      firmUrl: `/api/firm/lpq-requests/${requestId}`,
    };
  }

  /**
   * Changes the attorney's profile (always shared) so that the next 'Send update' has something to send
   * (issue 67: an update with nothing changed is 409). Each call gives a phone number of its own.
   */
  let changes = 0;
  async function changeSomething(actor: Pick<Actor, 'cookie'>) {
    changes++;
    const res = await as(actor, {
      method: 'PUT',
      url: '/api/attorney/profile',
      payload: { phone: `+1 617 555 ${String(1000 + (changes % 9000)).padStart(4, '0')}` },
    });
    if (res.statusCode !== 200) throw new Error(`profile: ${res.statusCode} ${res.body}`);
  }
  /** 'Send update' after a change, as an attorney sends it. */
  const updateWithChange = async (actor: Pick<Actor, 'cookie'>, url: string, payload?: unknown) => {
    await changeSomething(actor);
    return post(actor, url, payload);
  };

  const mails = async (kindName: string) => (await t().outbox()).filter((m) => m.kind === kindName);
  const eventsOf = async (requestId: string) =>
    t().db.select().from(accessEvents).where(eq(accessEvents.requestId, requestId));

  return { inject, as, post, get, uploadReady, world, mails, eventsOf, changeSomething, updateWithChange };
}
