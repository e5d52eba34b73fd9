import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { customSections, lpqRequests } from '../../db/schema';
import { buildAttorney, uniqueEmail } from '../../test/factories';
import { describeEachDb } from '../../test/harness';
import { buildFirm } from './firm.factories';

// The firm's dashboard counts and its custom sections.
describeEachDb('firm workspace', (t) => {
  const inject = (opts: InjectOptions) => t().app.inject(opts);

  describe('GET /api/firm/dashboard-stats', () => {
    it('counts only the firm’s own requests, grouped as the spec says', async () => {
      const firm = await buildFirm(t().app);
      const other = await buildFirm(t().app);
      const statuses = [
        'pending',
        'pending',
        'accepted',
        'in_progress',
        'completed',
        'reviewed',
        'declined',
      ] as const;
      await t()
        .db.insert(lpqRequests)
        .values([
          ...statuses.map((status) => ({
            firmId: firm.firmId,
            firmName: 'Whitfield & Cole LLP',
            attorneyEmail: uniqueEmail('a'),
            positionTitle: 'Partner',
            practiceArea: 'Tax',
            status,
          })),
          {
            firmId: other.firmId,
            firmName: 'Other',
            attorneyEmail: uniqueEmail('a'),
            positionTitle: 'Partner',
            practiceArea: 'Tax',
          },
        ]);
      const res = await inject({
        method: 'GET',
        url: '/api/firm/dashboard-stats',
        headers: { cookie: firm.cookie },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        invitationsSent: 7,
        pending: 2,
        shared: 3,
        underReview: 1,
        declined: 1,
        // Never shared through the sharing action, assigned or checked: no pipeline card counts them.
        newSinceLastVisit: 0,
        waitingOnMe: 0,
        conflictsWaiting: 0,
        capped: { newSinceLastVisit: false, waitingOnMe: false, conflictsWaiting: false },
      });
    });

    it('is 401 signed out and 403 for attorneys', async () => {
      const attorney = await buildAttorney(t().app);
      expect((await inject({ method: 'GET', url: '/api/firm/dashboard-stats' })).statusCode).toBe(401);
      const res = await inject({
        method: 'GET',
        url: '/api/firm/dashboard-stats',
        headers: { cookie: attorney.cookie },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('/api/firm/custom-sections', () => {
    const section = {
      title: 'Practice fit',
      questions: [
        { id: 'q1', text: 'Why our firm?', type: 'textarea', required: true },
        {
          id: 'q2',
          text: 'Preferred office',
          type: 'select',
          required: false,
          options: ['New York', 'Boston'],
        },
        { text: 'Any non-compete?', type: 'yesno' },
      ],
    };

    it('creates, lists, updates and deletes the firm’s own sections', async () => {
      const { cookie } = await buildFirm(t().app);
      const headers = { cookie };
      const created = await inject({
        method: 'POST',
        url: '/api/firm/custom-sections',
        headers,
        payload: section,
      });
      expect(created.statusCode).toBe(201);
      const saved = created.json();
      expect(saved.title).toBe('Practice fit');
      expect(saved.questions[2]).toMatchObject({ text: 'Any non-compete?', type: 'yesno', required: false });
      expect(saved.questions[2].id).toEqual(expect.any(String));

      const list = await inject({ method: 'GET', url: '/api/firm/custom-sections', headers });
      expect(list.json()).toEqual([saved]);

      const updated = await inject({
        method: 'PUT',
        url: `/api/firm/custom-sections/${saved.id}`,
        headers,
        payload: {
          title: 'Practice fit (2026)',
          questions: [{ id: 'q9', text: 'Start date', type: 'date', required: true }],
        },
      });
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toMatchObject({
        id: saved.id,
        title: 'Practice fit (2026)',
        questions: [{ id: 'q9' }],
      });

      const deleted = await inject({
        method: 'DELETE',
        url: `/api/firm/custom-sections/${saved.id}`,
        headers,
      });
      expect(deleted.statusCode).toBe(204);
      expect((await inject({ method: 'GET', url: '/api/firm/custom-sections', headers })).json()).toEqual([]);
    });

    it.each([
      [{ title: '' }, 'title', 'Section title is required'],
      [
        { questions: [{ id: 'a', text: '', type: 'text', required: true }] },
        'questions.0.text',
        'Question text is required',
      ],
      [
        { questions: [{ id: 'a', text: 'Office?', type: 'select', required: true, options: [] }] },
        'questions.0.options',
        'Add at least one option',
      ],
      [
        { questions: [{ id: 'a', text: 'Office?', type: 'essay', required: true }] },
        'questions.0.type',
        undefined,
      ],
    ])('refuses %j', async (override, field, message) => {
      const { cookie } = await buildFirm(t().app);
      const res = await inject({
        method: 'POST',
        url: '/api/firm/custom-sections',
        headers: { cookie },
        payload: { ...section, ...override },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toHaveProperty([field]);
      if (message) expect(res.json().errors[field]).toBe(message);
    });

    it('hides one firm’s sections from another (404) and refuses attorneys (403)', async () => {
      const firmA = await buildFirm(t().app);
      const firmB = await buildFirm(t().app);
      const attorney = await buildAttorney(t().app);
      const created = await inject({
        method: 'POST',
        url: '/api/firm/custom-sections',
        headers: { cookie: firmA.cookie },
        payload: section,
      });
      const id = created.json().id;
      expect(
        (
          await inject({ method: 'GET', url: '/api/firm/custom-sections', headers: { cookie: firmB.cookie } })
        ).json(),
      ).toEqual([]);
      const put = await inject({
        method: 'PUT',
        url: `/api/firm/custom-sections/${id}`,
        headers: { cookie: firmB.cookie },
        payload: section,
      });
      expect(put.statusCode).toBe(404);
      expect(put.json()).toEqual({ message: 'Not Found' });
      const del = await inject({
        method: 'DELETE',
        url: `/api/firm/custom-sections/${id}`,
        headers: { cookie: firmB.cookie },
      });
      expect(del.statusCode).toBe(404);
      const malformed = await inject({
        method: 'DELETE',
        url: '/api/firm/custom-sections/not-a-uuid',
        headers: { cookie: firmA.cookie },
      });
      expect(malformed.statusCode).toBe(404);
      const [row] = await t().db.select().from(customSections).where(eq(customSections.id, id));
      expect(row.title).toBe('Practice fit');

      for (const [method, url] of [
        ['GET', '/api/firm/custom-sections'],
        ['POST', '/api/firm/custom-sections'],
        ['PUT', `/api/firm/custom-sections/${id}`],
        ['DELETE', `/api/firm/custom-sections/${id}`],
      ] as const) {
        const res = await inject({
          method,
          url,
          headers: { cookie: attorney.cookie },
          payload: method === 'GET' || method === 'DELETE' ? undefined : section,
        });
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(
          (
            await inject({
              method,
              url,
              payload: method === 'GET' || method === 'DELETE' ? undefined : section,
            })
          ).statusCode,
        ).toBe(401);
      }
    });
  });
});
