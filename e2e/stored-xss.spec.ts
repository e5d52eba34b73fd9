import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import { answeredDisclosures } from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  addFirmMemberByApi,
  firmAndAttorneyPages,
  inviteByApi,
  registerFirmByApi,
  registerInvitedAttorneyByApi,
  saveAttorneyPartsByApi,
  uniqueEmail,
  uploadPdfByApi,
} from './helpers';

/**
 * Stored text is shown as text, never run as markup: an attorney saves markup in every kind of form field, a
 * firm reads the shared package in every tab and downloads the PDF. Nothing runs, nothing becomes an element,
 * and the markup is visible literally.
 */
const PAYLOAD = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

const masterLpq = {
  generalInfo: {
    name: `Casey ${PAYLOAD}`,
    address: PAYLOAD,
    email: 'casey@example.com',
    phone: '+1 212 555 0100',
    barAdmissions: PAYLOAD,
  },
  currentEmployment: {
    employerName: PAYLOAD,
    startDate: '2016-03-01',
    currentPosition: 'Partner',
    reasonForDeparture: PAYLOAD,
  },
  priorEmployment: [],
  financialInfo: { employeeType: 'K1', compensationExpectations: PAYLOAD },
  clientsInfo: {
    topClients: [{ clientName: PAYLOAD, isOriginator: true, portabilityLikelihood: 80 }],
    isKeyRelationshipManager: PAYLOAD,
    shareOriginationCredit: PAYLOAD,
    portedClientsHistory: PAYLOAD,
    portabilityDependencies: PAYLOAD,
    specialFeeArrangements: PAYLOAD,
  },
  practiceRequirements: { supportNeeded: PAYLOAD, marketingBudget: PAYLOAD, clientGuidelines: false },
  disclosures: { ...answeredDisclosures(), nonCompeteExplanation: PAYLOAD },
  isComplete: true,
};

/** Every section of the business plan, each text the payload. */
const businessPlan = {
  executiveSummary: {
    businessName: PAYLOAD,
    businessDescription: PAYLOAD,
    mission: PAYLOAD,
    keySuccessFactors: PAYLOAD,
    financialSummary: PAYLOAD,
  },
  marketAnalysis: {
    industryOverview: PAYLOAD,
    targetMarket: PAYLOAD,
    marketSize: PAYLOAD,
    competitiveAnalysis: PAYLOAD,
    marketTrends: PAYLOAD,
  },
  legalServices: {
    practiceAreas: [
      { area: PAYLOAD, description: PAYLOAD, targetClients: PAYLOAD, pricingStrategy: PAYLOAD },
    ],
    serviceDelivery: PAYLOAD,
    qualityAssurance: PAYLOAD,
  },
  businessDevelopment: {
    clientAcquisition: PAYLOAD,
    marketingStrategy: PAYLOAD,
    networkingPlan: PAYLOAD,
    referralStrategy: PAYLOAD,
    digitalPresence: PAYLOAD,
  },
  operationsPlan: {
    firmStructure: 'llc',
    staffingPlan: PAYLOAD,
    technologyNeeds: PAYLOAD,
    officeRequirements: PAYLOAD,
    workflows: PAYLOAD,
  },
  financialProjections: {
    startupCosts: PAYLOAD,
    revenueProjections: PAYLOAD,
    expenseForecasts: PAYLOAD,
    cashFlow: PAYLOAD,
    breakEvenAnalysis: PAYLOAD,
  },
  riskAssessment: {
    businessRisks: PAYLOAD,
    legalRisks: PAYLOAD,
    financialRisks: PAYLOAD,
    mitigationStrategies: PAYLOAD,
    contingencyPlans: PAYLOAD,
  },
  implementation: {
    milestones: [{ milestone: PAYLOAD, timeline: 'Q1', description: PAYLOAD }],
    keyPerformanceIndicators: PAYLOAD,
    reviewSchedule: PAYLOAD,
  },
};

/** Nothing of the payload ran or became an element. */
async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(
    await page
      .locator('script')
      .evaluateAll((scripts) => scripts.filter((s) => s.textContent?.includes('__xss')).length),
  ).toBe(0);
}

test('markup an attorney saves is shown literally to the firm, in every tab and in the PDF download', async ({
  browser,
}) => {
  const { firm, attorney } = await firmAndAttorneyPages(browser);
  const dialogs: string[] = [];
  firm.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  const attorneyEmail = uniqueEmail('xss');

  // The firm registers and invites the attorney, with a question the attorney answers in markup.
  await registerFirmByApi(firm.request, { email: uniqueEmail('firm-xss') });
  const requestId = await inviteByApi(firm.request, attorneyEmail);

  // The attorney registers through the invitation (verified), with markup in the name and profile.
  await registerInvitedAttorneyByApi(attorney.request, attorneyEmail, {
    firstName: 'Casey',
    lastName: PAYLOAD,
    phone: '+1 212 555 0100',
    currentFirm: PAYLOAD,
    lawSchool: PAYLOAD,
    barAdmissions: PAYLOAD,
  });

  // A document whose name is markup, as the resume of the master LPQ.
  const objectPath = await uploadPdfByApi(attorney.request, `${PAYLOAD}.pdf`);

  await saveAttorneyPartsByApi(attorney.request, {
    masterLpq: { ...masterLpq, resumeUrl: objectPath },
    conflicts: {
      attorneyName: PAYLOAD,
      date: '2026-01-10',
      firmName: PAYLOAD,
      currentClients: [
        {
          clientName: PAYLOAD,
          businessDescription: PAYLOAD,
          relationshipStartDate: '2016-01-15',
          typesOfWork: PAYLOAD,
        },
      ],
      potentialConflicts: PAYLOAD,
      certificationAgreement: true,
    },
    diversity: {
      date: '2026-01-10',
      gender: 'decline',
      raceEthnicity: 'decline',
      lgbtqia: 'decline',
      disability: 'decline',
      veteranStatus: 'veteran-active',
      veteranBranch: PAYLOAD,
      veteranRank: PAYLOAD,
      authorizationAgreement: true,
    },
    businessPlan,
  });

  // The diversity form is shared only when ticked (PRODUCT.md §5), and only with a firm that has a diversity
  // officer (§9): the firm adds one, and the attorney ticks it, so the officer's page holds the markup too.
  const officerContext = await browser.newContext();
  const officer = await officerContext.newPage();
  officer.on('dialog', async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await addFirmMemberByApi(firm.request, officer.request, ['diversity'], {
    firstName: 'Dana',
    lastName: 'Reed',
  });
  const shared = await attorney.request.post(`/api/attorney/lpq-requests/${requestId}/share`, {
    data: { include: { diversityForm: true } },
  });
  expect(shared.status(), await shared.text()).toBe(200);
  const lpqId = (await shared.json()).lpqId as string;
  const answered = await attorney.request.put(`/api/lpqs/${lpqId}`, {
    data: { formData: { name: PAYLOAD, currentFirm: PAYLOAD }, firmAnswers: { why: PAYLOAD } },
  });
  expect(answered.status(), await answered.text()).toBe(200);

  // The firm reads every tab of the package.
  await firm.goto(`/firm/requests/${requestId}`);
  await expect(firm.getByRole('tab', { name: 'Profile' })).toBeVisible();
  for (const tab of ['Profile', 'Master LPQ', 'Position LPQ', 'Conflicts', 'Business Plan', 'Documents']) {
    await firm.getByRole('tab', { name: tab }).click();
    const panel = firm.getByRole('tabpanel', { name: tab });
    await expect(panel.getByText(PAYLOAD).first(), `${tab} shows the markup as text`).toBeVisible();
    await expectNothingRan(firm);
  }

  // Self-identification reaches the diversity officer only (§9): no Diversity tab for the hiring side.
  await expect(firm.getByRole('tab', { name: 'Diversity' })).toHaveCount(0);

  // The PDF downloads, and the page still ran nothing.
  const [download] = await Promise.all([
    firm.waitForEvent('download'),
    firm.getByRole('link', { name: 'Download PDF' }).click(),
  ]);
  const pdfPath = await download.path();
  expect((await readFile(pdfPath)).subarray(0, 5).toString()).toBe('%PDF-');
  await expectNothingRan(firm);
  expect(dialogs).toEqual([]);

  await firm.context().close();
  await officerContext.close();
  await attorney.context().close();
});
