import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ledgerFinancialInfo, ledgerTopClients } from '@shared/business-case/business-case.fixtures';
import { formatDate } from '@shared/format';
import { PACKAGE_SECTIONS, REQUEST_MESSAGES } from '@shared/requests';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accessEvents, lpqRequests } from '../../../db/schema';
import { describeEachDb } from '../../../test/harness';
import { buildFirm } from '../../firm/firm.factories';
import { SAMPLE_PACKAGE } from '../lifecycle/requests.factories';
import { firmRequestsClient, newRequest } from './firm-requests.test-support';

// Reading requests and packages, firm isolation and roles, status moves and the package PDF.
describeEachDb('firm requests', (t) => {
  const { inject, send, sharedRequest } = firmRequestsClient(t);

  describe('GET /api/firm/lpq-requests', () => {
    it('lists the firm’s requests newest first with the item fields of PRODUCT.md §6', async () => {
      const firm = await buildFirm(t().app);
      const first = (await send(firm.cookie, newRequest({ positionTitle: 'First' }))).json();
      const second = (await send(firm.cookie, newRequest({ positionTitle: 'Second' }))).json();
      await t()
        .db.update(lpqRequests)
        .set({ sentAt: new Date(Date.now() - 60_000) })
        .where(eq(lpqRequests.id, first.id));
      const res = await inject({
        method: 'GET',
        url: '/api/firm/lpq-requests',
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      const items = res.json();
      expect(items.map((i: { id: string }) => i.id)).toEqual([second.id, first.id]);
      for (const key of [
        'id',
        'attorneyEmail',
        'attorneyName',
        'positionTitle',
        'practiceArea',
        'status',
        'sentAt',
        'dueDate',
        'sharedAt',
        'declineReason',
      ])
        expect(items[0]).toHaveProperty(key);
    });
  });

  describe('GET /api/firm/lpq-requests/{id}', () => {
    it('has no package until shared', async () => {
      const firm = await buildFirm(t().app);
      const item = (await send(firm.cookie, newRequest())).json();
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ id: item.id, status: 'pending', package: null });
      const pdf = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}/package.pdf`,
        headers: { cookie: firm.cookie },
      });
      expect(pdf.statusCode).toBe(404);
    });

    it('shows the frozen package once shared and records every read', async () => {
      const { firm, attorney, item } = await sharedRequest({ documents: true });
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      const detail = res.json();
      expect(detail.status).toBe('accepted');
      expect(detail.sharedAt).toEqual(expect.any(String));
      expect(detail.attorneyName).toBe('Casey Nguyen');
      expect(detail.package).toMatchObject({
        attorney: {
          id: attorney.user.id,
          firstName: 'Casey',
          lastName: 'Nguyen',
          email: attorney.user.email,
        },
        profile: { currentFirm: 'Hale & Porter LLP' },
        masterLpq: { generalInfo: { name: 'Casey Nguyen' } },
        conflictsForm: { attorneyName: 'Casey Nguyen' },
        businessPlan: { executiveSummary: { businessName: 'Cross-border M&A practice' } },
        documents: [
          {
            id: '3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11',
            name: 'Resume.pdf',
            url: '/objects/3f0b8a4e-8f0e-4a51-9d55-0b7f4a1a2c11',
          },
        ],
        positionLpq: {
          formData: { name: 'Casey Nguyen' },
          firmAnswers: { 'fit-1': 'Your cross-border platform' },
        },
      });
      // PRODUCT.md §9: the registrant (admin, recruiter, reviewer, conflicts) is no diversity officer: the
      // voluntary form the attorney shared is absent from what they get, never blanked.
      expect(detail.package).not.toHaveProperty('diversityForm');
      expect(detail.visibleParts).toEqual([
        'profile',
        'masterLpq',
        'positionLpq',
        'businessPlan',
        'documents',
        'conflictsForm',
      ]);
      const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id));
      expect(events).toEqual([
        expect.objectContaining({
          kind: 'package_view',
          attorneyUserId: attorney.user.id,
          firmUserId: firm.user.id,
          firmName: 'Whitfield & Cole LLP',
        }),
      ]);
    });
  });

  describe('firm isolation and roles', () => {
    it('firm B never sees firm A’s request or package (404 everywhere), and nothing is recorded', async () => {
      const { item } = await sharedRequest();
      const firmB = await buildFirm(t().app);
      const headers = { cookie: firmB.cookie };
      for (const [method, url, payload] of [
        ['GET', `/api/firm/lpq-requests/${item.id}`, undefined],
        ['GET', `/api/firm/lpq-requests/${item.id}/package.pdf`, undefined],
        ['POST', `/api/firm/lpq-requests/${item.id}/status`, { status: 'reviewed' }],
        ['GET', '/api/firm/lpq-requests/not-a-uuid', undefined],
      ] as const) {
        const res = await inject({ method, url, headers, payload });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toEqual({ message: 'Not Found' });
      }
      expect((await inject({ method: 'GET', url: '/api/firm/lpq-requests', headers })).json()).toEqual([]);
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.status).toBe('accepted');
      expect(await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id))).toEqual([]);
    });

    it('attorneys get 403 and signed-out callers 401 on every /api/firm route', async () => {
      const { attorney, item } = await sharedRequest();
      const routes = [
        ['GET', '/api/firm/profile'],
        ['POST', '/api/firm/profile'],
        ['PUT', '/api/firm/profile'],
        ['GET', '/api/firm/dashboard-stats'],
        ['GET', '/api/firm/custom-sections'],
        ['POST', '/api/firm/custom-sections'],
        ['PUT', `/api/firm/custom-sections/${item.id}`],
        ['DELETE', `/api/firm/custom-sections/${item.id}`],
        ['GET', '/api/firm/lpq-requests'],
        ['POST', '/api/firm/lpq-requests'],
        ['GET', `/api/firm/lpq-requests/${item.id}`],
        ['POST', `/api/firm/lpq-requests/${item.id}/status`],
        ['GET', `/api/firm/lpq-requests/${item.id}/package.pdf`],
      ] as const;
      for (const [method, url] of routes) {
        const payload = method === 'GET' || method === 'DELETE' ? undefined : { status: 'completed' };
        const asAttorney = await inject({ method, url, headers: { cookie: attorney.cookie }, payload });
        expect(asAttorney.statusCode, `${method} ${url}`).toBe(403);
        expect(asAttorney.json()).toEqual({ message: 'Forbidden' });
        const signedOut = await inject({ method, url, payload });
        expect(signedOut.statusCode, `${method} ${url}`).toBe(401);
      }
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.status).toBe('accepted');
    });

    it('a stale session cookie is 401, and an attorney 403, before a bad version is looked at', async () => {
      const { firm, attorney, item } = await sharedRequest();
      const url = `/api/firm/lpq-requests/${item.id}?version=first`;
      const stale = await inject({
        method: 'GET',
        url,
        headers: { cookie: 'lp_session=a-session-that-ended' },
      });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ message: 'Unauthorized' });
      const asAttorney = await inject({ method: 'GET', url, headers: { cookie: attorney.cookie } });
      expect(asAttorney.statusCode).toBe(403);
      const asFirm = await inject({ method: 'GET', url, headers: { cookie: firm.cookie } });
      expect(asFirm.statusCode).toBe(400);
      expect(await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id))).toEqual([]);
    });
  });

  describe('POST /api/firm/lpq-requests/{id}/status', () => {
    it('moves a shared request to Under Review, then Review Complete; anything else is 409', async () => {
      const { firm, item } = await sharedRequest();
      const headers = { cookie: firm.cookie };
      const url = `/api/firm/lpq-requests/${item.id}/status`;
      const reviewed = await inject({ method: 'POST', url, headers, payload: { status: 'reviewed' } });
      expect(reviewed.statusCode).toBe(200);
      expect(reviewed.json()).toMatchObject({
        id: item.id,
        status: 'reviewed',
        reviewedAt: expect.any(String),
      });
      expect(
        (await inject({ method: 'POST', url, headers, payload: { status: 'reviewed' } })).statusCode,
      ).toBe(409);
      const completed = await inject({ method: 'POST', url, headers, payload: { status: 'completed' } });
      expect(completed.json()).toMatchObject({ status: 'completed', completedAt: expect.any(String) });
      const again = await inject({ method: 'POST', url, headers, payload: { status: 'completed' } });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(REQUEST_MESSAGES.invalidTransition);
    });

    it('refuses a pending request (409) and any other status value (400)', async () => {
      const firm = await buildFirm(t().app);
      const item = (await send(firm.cookie, newRequest())).json();
      const url = `/api/firm/lpq-requests/${item.id}/status`;
      const headers = { cookie: firm.cookie };
      expect(
        (await inject({ method: 'POST', url, headers, payload: { status: 'reviewed' } })).statusCode,
      ).toBe(409);
      expect(
        (await inject({ method: 'POST', url, headers, payload: { status: 'completed' } })).statusCode,
      ).toBe(409);
      for (const status of ['accepted', 'pending', 'declined', 'bogus', undefined]) {
        const res = await inject({ method: 'POST', url, headers, payload: { status } });
        expect(res.statusCode, String(status)).toBe(400);
        expect(res.json().errors).toHaveProperty('status');
      }
      const [row] = await t().db.select().from(lpqRequests).where(eq(lpqRequests.id, item.id));
      expect(row.status).toBe('pending');
    });

    it('lets exactly one of two concurrent moves win', async () => {
      const { firm, item } = await sharedRequest();
      const url = `/api/firm/lpq-requests/${item.id}/status`;
      const results = await Promise.all(
        [0, 1].map(() =>
          inject({ method: 'POST', url, headers: { cookie: firm.cookie }, payload: { status: 'reviewed' } }),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    });
  });

  describe('GET /api/firm/lpq-requests/{id}/package.pdf', () => {
    it('renders the full package as a short PDF a person reads: header on every page, page numbers, no ids, timestamps or codes, formatted money', async () => {
      const { firm, item } = await sharedRequest({ documents: true });
      const detail = (
        await inject({
          method: 'GET',
          url: `/api/firm/lpq-requests/${item.id}`,
          headers: { cookie: firm.cookie },
        })
      ).json();
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}/package.pdf`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(
        /^attachment; filename=".+\.pdf"; filename\*=UTF-8''.+\.pdf$/,
      );
      expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

      const dir = mkdtempSync(path.join(tmpdir(), 'lp-pdf-'));
      try {
        const file = path.join(dir, 'package.pdf');
        writeFileSync(file, res.rawPayload);
        const pages = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())?.[1]);
        // The full sample package fits on a cover, a summary and a few tight pages (it took 11 before); the
        // firm's business case (PRODUCT.md §12, for the firm's owner, who may read it) takes three more.
        expect(pages).toBeGreaterThanOrEqual(3);
        expect(pages).toBeLessThanOrEqual(9);
        const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
        const pageTexts = text.split('\f').filter((p) => p.trim());
        expect(pageTexts).toHaveLength(pages);
        const sharedOn = formatDate(detail.sharedAt);
        for (const [i, page] of pageTexts.entries()) {
          expect(page, `page ${i + 1}`).toContain(
            `Confidential — shared with Whitfield & Cole LLP on ${sharedOn}, version 1`,
          );
          expect(page, `page ${i + 1}`).toContain(`Page ${i + 1} of ${pages}`);
        }
        expect(text).toContain('Page 1 of');
        expect(text).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/i);
        expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T/);
        expect(text).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
        expect(text).toContain('$2,400,000');
        expect(text).toContain('$1,250,000');
        expect(text).not.toMatch(/\b2400000\b/);
        expect(text).toContain('Casey Nguyen');
        expect(text).toContain('Corporate Partner');
        expect(text).toContain('Contents');
        expect(text).toContain('Summary');
        expect(text).toContain('Business case');
        for (const heading of [
          PACKAGE_SECTIONS.profile,
          PACKAGE_SECTIONS.masterLpq,
          PACKAGE_SECTIONS.positionLpq,
          PACKAGE_SECTIONS.conflictsForm,
          PACKAGE_SECTIONS.businessPlan,
          PACKAGE_SECTIONS.documents,
        ])
          expect(text).toContain(heading);
        // The registrant holds no diversity role: the self-identification form is not in their PDF (§9).
        expect(text).not.toContain(PACKAGE_SECTIONS.diversityForm);
        // The sections come in the spec's order.
        const order = ['Profile', 'Master LPQ', 'Position LPQ', 'Conflicts of Interest', 'Business Plan'].map(
          (h) => text.lastIndexOf(`\n${h}\n`),
        );
        expect(order).toEqual([...order].sort((a, b) => a - b));
        for (const label of [
          'General Information',
          'Current Employment',
          'Portability Likelihood',
          'Client Name',
        ])
          expect(text).toContain(label);
        expect(text).toContain('Senior Partner');
        expect(text).toContain('Mar 01, 2016');
        expect(text).toMatch(/Has a malpractice claim ever been made against you\?\s+Yes\s+A 2019 claim/);
        expect(text).toContain(`${PACKAGE_SECTIONS.firmQuestions}: Practice fit`);
        expect(text).toMatch(/Relocate\?\s+Yes/);
        expect(text).toContain('Why our firm?');
        expect(text).toContain('Your cross-border platform');
        expect(text).toMatch(/Resume\.pdf\s+PDF, 20 KB/);
        expect(text).not.toMatch(/voluntary and confidential/i);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
      const events = await t().db.select().from(accessEvents).where(eq(accessEvents.requestId, item.id));
      expect(events.map((e) => e.kind).sort()).toEqual(['package_view', 'pdf_download']);
    });

    it('prints every column of the top clients (a dozen: a card per client, not a table cut at the page edge)', async () => {
      const { firm, item } = await sharedRequest({
        masterLpq: {
          ...SAMPLE_PACKAGE.masterLpq,
          financialInfo: ledgerFinancialInfo(),
          clientsInfo: { ...SAMPLE_PACKAGE.masterLpq.clientsInfo, topClients: ledgerTopClients() },
        },
      });
      const res = await inject({
        method: 'GET',
        url: `/api/firm/lpq-requests/${item.id}/package.pdf`,
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      const dir = mkdtempSync(path.join(tmpdir(), 'lp-pdf-'));
      try {
        const file = path.join(dir, 'package.pdf');
        writeFileSync(file, res.rawPayload);
        // Without -layout, as a reader copies it: text past the page's edge is not on the page.
        const text = execFileSync('pdftotext', [file, '-']).toString();
        const clients = ledgerTopClients();
        for (const label of ['Portability Evidence', 'A/R Current', 'A/R Over 90 Days'])
          expect(text.split(label).length - 1, label).toBe(clients.length);
        expect(text).toContain('I originated the client');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
});
