import { ledgerFinancialInfo, ledgerTopClients } from '@shared/business-case/business-case.fixtures';
import { CHART_TITLES } from '@shared/business-case/workbench-texts';
import { formatMoney } from '@shared/format';
import { expect, it } from 'vitest';
import { describeEachDb, type TestApp } from '../../test/harness';
import { readZip } from '../account/zip.test-support';
import { pdfText } from '../files/files.test-support';
import { completeMasterLpq } from '../master-lpq/master-lpq.fixtures';
import { completeMasterLpqFor } from '../requests/sharing/sharing.test-support';
import { sharingControlClient } from '../requests/sharing/sharing-control.test-support';
import { addFirmMember } from '../team/team.factories';

/**
 * PRODUCT.md §12: the attorney never sees the firm's assumptions or results by any path — JSON, the preview,
 * the audit trail (CSV, PDF, the account's), activity, the access log, mails, the data export. The attorney
 * sees only that the case was read, and by whom.
 */
describeEachDb('business case: nothing reaches the attorney', (t: () => TestApp) => {
  const { as, post, get, world, updateWithChange } = sharingControlClient(t);

  it('no assumption value or result figure is in anything the attorney can read', async () => {
    const w = await world();
    const base = completeMasterLpq();
    await completeMasterLpqFor(t().app, w.attorney.cookie, {
      documents: [w.doc],
      resumeUrl: undefined,
      financialInfo: { ...base.financialInfo, ...ledgerFinancialInfo() },
      clientsInfo: { ...base.clientsInfo, topClients: ledgerTopClients() },
    });
    expect((await post(w.attorney, `${w.base}/share`, {})).statusCode).toBe(200);
    const recruiter = await addFirmMember(t().app, w.firm.firmId, ['recruiter'], {
      firstName: 'Remy',
      lastName: 'Stone',
    });
    const caseUrl = `${w.firmUrl}/business-case`;
    // Distinctive figures: a haircut of 43.21 %, 12.34 % for Birch Holdings, a team cost of 9,876,543.
    const saved = await as(recruiter, {
      method: 'PUT',
      url: `${caseUrl}/assumptions`,
      payload: { haircut: 0.4321, clientHaircuts: { '1': 0.1234 }, teamCost: 9_876_543 },
    });
    expect(saved.statusCode).toBe(200);
    const c = saved.json();
    // The search is meaningful: the firm's own answer holds what the attorney's must not.
    for (const own of ['0.4321', '9876543', 'haircut']) expect(saved.body).toContain(own);
    // A = (500k + 200k + 100k) × 0.5679 + 300k × 0.8766 = 454,320 + 262,980 = 717,300; R = 645,570;
    // K = 600,000 + 9,876,543 = 10,476,543; C1 = 645,570 − 10,476,543 − 150,000 = −9,980,973.
    expect(c.firstLook.adjustedBook).toBeCloseTo(717_300, 6);
    expect(c.contribution.year1).toBeCloseTo(-9_980_973, 6);
    expect((await get(recruiter, caseUrl)).statusCode).toBe(200);
    expect((await get(recruiter, `${caseUrl}.xlsx`)).statusCode).toBe(200);
    expect((await get(w.firm, `${w.firmUrl}/package.pdf`)).statusCode).toBe(200);
    // An update after the case was modelled: its mails and version 2 too.
    expect((await updateWithChange(w.attorney, `${w.base}/update`, {})).statusCode).toBe(200);
    expect((await get(recruiter, `${caseUrl}?version=2`)).statusCode).toBe(200);

    const ratio: number = c.firstLook.compToBookAdjusted;
    const figures = [
      c.firstLook.adjustedBook,
      c.contribution.year1,
      c.contribution.year2,
      c.monthly[35].cumulative,
      c.sensitivity[0].year1,
    ];
    const secrets = [
      // Not '43.21' or '12.34' alone: a time such as 18:08:12.347Z holds them.
      '0.4321',
      '43.21%',
      '43.2%',
      '0.1234',
      '12.34%',
      '12.3%',
      '9876543',
      '9,876,543',
      'haircut',
      'realizationAtFirm',
      'recruiterFee',
      'breakeven',
      ...figures.flatMap((v: number) => [String(v), String(Math.round(v)), formatMoney(Math.round(v))]),
      String(ratio),
      `${(ratio * 100).toFixed(1)}%`,
    ];
    const bodies: [string, string][] = [];
    const read = async (url: string) => {
      const res = await get(w.attorney, url);
      expect(res.statusCode, url).toBe(200);
      bodies.push([url, res.body]);
      return res;
    };
    await read('/api/attorney/lpq-requests');
    await read('/api/attorney/lpq-requests/summary');
    await read('/api/attorney/dashboard-stats');
    await read(`${w.base}/preview`);
    await read(`${w.base}/changes?from=1&to=2`);
    await read(`${w.base}/audience`);
    await read(`${w.base}/firm-profile`);
    await read('/api/attorney/master-lpq/checks');
    await read('/api/attorney/activity');
    const log = await read('/api/attorney/access-log');
    // The attorney does see that the case was read and its workbook exported, and by whom.
    const entry = log.json().find((e: { readerId: string }) => e.readerId === recruiter.user.id);
    expect(entry.what).toContain('Business case');
    expect(entry.what).toContain('Business case workbook (XLSX)');
    await read(
      `/api/attorney/access-log/reads?requestId=${w.requestId}&readerId=${recruiter.user.id}&from=${encodeURIComponent(entry.firstAt)}&to=${encodeURIComponent(entry.at)}`,
    );
    const trail = await read(`${w.base}/audit.csv`);
    expect(trail.body).toContain('Business case workbook (XLSX)');
    await read('/api/attorney/audit.csv');
    const trailPdf = await get(w.attorney, `${w.base}/audit.pdf`);
    expect(trailPdf.statusCode).toBe(200);
    bodies.push(['audit.pdf', await pdfText(trailPdf.rawPayload)]);
    const archive = await get(w.attorney, '/api/attorney/data-export');
    expect(archive.statusCode).toBe(200);
    // The PDFs the server made as text; the attorney's own uploads (stand-in bytes here) as they are.
    for (const [name, bytes] of readZip(archive.rawPayload))
      bodies.push([
        name,
        name.endsWith('.pdf') && bytes.subarray(0, 5).toString() === '%PDF-' && bytes.length > 2000
          ? await pdfText(bytes).catch(() => bytes.toString('latin1'))
          : bytes.toString('utf8'),
      ]);
    for (const mail of await t().outbox())
      bodies.push([`mail ${mail.kind}`, `${mail.subject}\n${mail.text}\n${mail.html}`]);

    // The attorney's own package PDFs (in the export) have no business-case pages.
    const packagePdfs = bodies.filter(([name]) => name.startsWith('shared/'));
    expect(packagePdfs.length).toBeGreaterThan(0);
    for (const [name, body] of packagePdfs) {
      expect(body, name).toContain('Certificate');
      for (const page of [CHART_TITLES.cumulative, 'Sensitivity', 'First look'])
        expect(body, name).not.toContain(page);
    }
    expect(bodies.length).toBeGreaterThan(15);
    for (const [where, body] of bodies)
      for (const secret of secrets) expect(body, `${where} holds ${secret}`).not.toContain(secret);
  });
});
