import { type APIRequestContext, type Browser, expect, type Page, test } from '@playwright/test';
import { completeMasterLpq } from '../server/modules/master-lpq/master-lpq.fixtures';
import { PREFILL_MARKS } from '../shared/prefill-sources';
import { certifyInDialog, inviteByApi, registerFirmByApi, shot, verifiedAttorneyByApi } from './helpers';

/** What the attorney gave at registration and on the profile (PUT /api/attorney/profile). */
const PROFILE = {
  phone: '+1 617 555 0111',
  currentFirm: 'Hale & Stone LLP',
  position: 'partner',
  yearsExperience: 14,
  barAdmissions: 'Massachusetts 2010',
  practiceAreas: ['Corporate', 'Tax'],
};

/** The position LPQ's four steps and the fields of each (input name → label); documents are uploads. */
const POSITION_LPQ_STEPS: [string, [string, string][]][] = [
  [
    'General Information',
    [
      ['name', 'Full Name'],
      ['email', 'Email'],
      ['phone', 'Phone'],
      ['address', 'Address'],
      ['barAdmissions', 'Bar Admissions'],
    ],
  ],
  [
    'Professional Experience',
    [
      ['currentFirm', 'Current Firm'],
      ['position', 'Position'],
      ['yearsExperience', 'Years of Experience'],
      ['practiceAreas', 'Practice Areas'],
      ['significantMatters', 'Significant Matters'],
      ['publications', 'Publications'],
    ],
  ],
  [
    'Business Development',
    [
      ['clientOriginationExperience', 'Client Origination Experience'],
      ['portableBusiness', 'Portable Business'],
      ['clientRelationships', 'Client Relationships'],
    ],
  ],
  ['References & Documents', [['references', 'References']]],
];
const LPQ_FIELD_COUNT = POSITION_LPQ_STEPS.flatMap(([, fields]) => fields).length;

/** A field by its whole label, with or without the required asterisk. */
const field = (page: Page, label: string) => page.getByLabel(new RegExp(`^${label}( \\*)?$`));

/** The text a screen reader reads after a field's label: its description (aria-describedby). */
const descriptionOf = (page: Page, label: string) =>
  field(page, label)
    .first()
    .evaluate((el) =>
      (el.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' '),
    );

/** An attorney (verified, with a profile) signed in on its own page. */
async function attorneyWithProfile(browser: Browser) {
  const page = await (await browser.newContext()).newPage();
  const email = await verifiedAttorneyByApi(page, 'enter-once', {}, 'Jordan');
  expect((await page.request.put('/api/attorney/profile', { data: PROFILE })).ok()).toBe(true);
  return { page, email };
}

async function firmInvites(browser: Browser, attorneyEmail: string, firmName: string, question: string) {
  const firm: APIRequestContext = (await browser.newContext()).request;
  await registerFirmByApi(firm, { firmName });
  await inviteByApi(firm, attorneyEmail, {
    firmSpecificQuestions: {
      // The same question id for both firms: an answer to one firm must never show up for the other.
      sections: [
        {
          title: 'Practice fit',
          questions: [{ id: 'why', text: question, type: 'textarea', required: true }],
        },
      ],
    },
  });
}

/** Shares from the request list and opens that firm's position LPQ. */
async function shareAndOpen(page: Page, firmName: string) {
  await page.goto('/attorney/lpq-requests');
  const card = page.getByRole('article', { name: new RegExp(firmName) });
  await card.getByRole('button', { name: 'Share LPQ' }).click();
  const dialog = page.getByRole('dialog', { name: 'Share LPQ Package' });
  await certifyInDialog(dialog, 'Jordan Avery');
  await dialog.getByRole('button', { name: 'Share LPQ' }).click();
  await expect(page.getByText('LPQ Shared Successfully')).toBeVisible();
  await card.getByRole('link', { name: 'Complete Position LPQ' }).click();
  await expect(page.getByRole('heading', { name: 'Lateral Partner Questionnaire' })).toBeVisible();
}

const openLpqStep = (page: Page, title: string) => page.getByRole('button', { name: title }).click();

/**
 * Walks the four steps and lists, per field, whether it is empty and whether it carries a prefill mark.
 * Firm-specific questions are not part of it: those are the one thing each firm asks for itself.
 */
async function surveyLpq(page: Page) {
  const fields: { field: string; empty: boolean; marked: boolean }[] = [];
  for (const [title, names] of POSITION_LPQ_STEPS) {
    await openLpqStep(page, title);
    await expect(page.getByRole('heading', { name: title, level: 2 })).toBeVisible();
    for (const [name, label] of names) {
      const empty = (await page.locator(`[name="formData.${name}"]`).inputValue()).trim() === '';
      const marked = (await descriptionOf(page, label)).includes('Prefilled from');
      fields.push({ field: name, empty, marked });
    }
  }
  return fields;
}

/** Types an answer into every empty field of the four steps; returns how many it typed. */
async function typeEmptyFields(page: Page, fields: { field: string; empty: boolean }[]) {
  let typed = 0;
  for (const [title, names] of POSITION_LPQ_STEPS) {
    await openLpqStep(page, title);
    for (const [name] of names) {
      if (!fields.find((f) => f.field === name)?.empty) continue;
      if (name === 'practiceAreas') {
        await page.getByRole('combobox', { name: 'Practice Areas' }).click();
        await page.getByRole('option', { name: 'Corporate', exact: true }).click();
        await page.keyboard.press('Escape');
      } else {
        await page
          .locator(`[name="formData.${name}"]`)
          .fill(name === 'yearsExperience' ? '14' : `My ${name}`);
      }
      typed += 1;
    }
  }
  return typed;
}

/** Answers the firm's own question and submits; returns the number of fields typed (the question). */
async function answerFirmQuestionAndSubmit(page: Page, question: string, answer: string) {
  await openLpqStep(page, 'Firm-Specific Questions');
  await expect(page.getByLabel(question)).toHaveValue('');
  await page.getByLabel(question).fill(answer);
  await page.getByRole('button', { name: 'Submit LPQ' }).click();
  await expect(page.getByText('LPQ Completed', { exact: true })).toBeVisible();
  return 1;
}

test('enter once: a second firm’s position LPQ asks only that firm’s own questions', async ({ browser }) => {
  const { page, email } = await attorneyWithProfile(browser);
  const saved = await page.request.post('/api/attorney/master-lpq', {
    data: { ...completeMasterLpq(), isComplete: true },
  });
  expect(saved.ok()).toBe(true);

  // Firm A invites; the attorney shares and answers every field of A's position LPQ.
  await firmInvites(browser, email, 'Arden & Vale LLP', 'Why our firm?');
  await shareAndOpen(page, 'Arden & Vale LLP');
  const firstSurvey = await surveyLpq(page);
  const typedA = await typeEmptyFields(page, firstSurvey);
  const answeredA = await answerFirmQuestionAndSubmit(
    page,
    'Why our firm?',
    'Arden alone has the desk I need.',
  );

  // Firm B invites with a question of the same id; the attorney shares and opens B's position LPQ.
  await firmInvites(browser, email, 'Byrne Partners', 'Which office would you join?');
  await shareAndOpen(page, 'Byrne Partners');
  const secondSurvey = await surveyLpq(page);
  const stillEmpty = secondSurvey.filter((f) => f.empty).map((f) => f.field);
  const marked = secondSurvey.filter((f) => f.marked).length;

  // What A's LPQ needed typed now comes from the previous LPQ, marked as such.
  await openLpqStep(page, 'Professional Experience');
  await expect(page.getByLabel('Significant Matters')).toHaveValue('My significantMatters');
  await expect(page.getByLabel('Significant Matters')).toHaveAccessibleDescription(
    PREFILL_MARKS['your previous LPQ'],
  );
  // Issue 67: the master LPQ (the certified record) is the firm's first source; the profile only fills what it lacks.
  await expect(page.getByLabel('Current Firm')).toHaveAccessibleDescription(PREFILL_MARKS['master LPQ']);
  await shot(page, 'second-lpq');
  const typedB = await typeEmptyFields(page, secondSurvey);
  const answeredB = await answerFirmQuestionAndSubmit(page, 'Which office would you join?', 'Boston.');

  console.log(
    [
      'enter-once measurement (fields the attorney typed):',
      `  firm A: ${typedA + answeredA} = ${typedA} of the position LPQ's ${LPQ_FIELD_COUNT} fields (${firstSurvey
        .filter((f) => f.empty)
        .map((f) => f.field)
        .join(', ')}) + ${answeredA} firm question`,
      `  firm B: ${typedB + answeredB} = ${typedB} of the position LPQ's ${LPQ_FIELD_COUNT} fields + ${answeredB} firm question`,
      `  firm B's LPQ opened with ${LPQ_FIELD_COUNT - stillEmpty.length} of ${LPQ_FIELD_COUNT} fields filled, ${marked} marked as prefilled`,
      `  whole path: ${typedA + answeredA + typedB + answeredB} fields typed`,
    ].join('\n'),
  );
  expect(stillEmpty).toEqual([]);
  expect(typedB).toBe(0);
  expect(marked).toBe(LPQ_FIELD_COUNT);
});

test('the master LPQ, conflicts form and business plan open prefilled and marked; an edit removes the mark', async ({
  browser,
}) => {
  const { page } = await attorneyWithProfile(browser);

  await page.goto('/attorney/master-lpq');
  const fullName = page.getByLabel('Full Name');
  await expect(fullName).toHaveValue('Jordan Avery');
  await expect(fullName).toHaveAccessibleDescription(PREFILL_MARKS.registration);
  await expect(page.getByLabel('Phone')).toHaveValue(PROFILE.phone);
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription(PREFILL_MARKS.profile);
  await expect(page.getByLabel('Bar Admissions')).toHaveAccessibleDescription(
    new RegExp(`One per line, with year of admission\\s*${PREFILL_MARKS.profile}`),
  );
  await expect(page.getByLabel('Address')).toHaveValue('');
  await shot(page, 'master-lpq');
  // Editable, and the mark goes once the value is the attorney's own.
  await fullName.fill('Jordan A. Avery');
  await expect(fullName).toHaveAccessibleDescription('');
  await page.getByRole('button', { name: 'Next', exact: true }).click();
  await expect(page.getByText('Progress Saved').first()).toBeVisible();
  await expect(page.getByLabel('Current Employer')).toHaveValue(PROFILE.currentFirm);
  await expect(page.getByLabel('Current Employer')).toHaveAccessibleDescription(PREFILL_MARKS.profile);
  await expect(page.getByLabel('Current Position')).toHaveValue('Partner');

  // Saved: the next visit shows the attorney's own answers, never replaced and no longer marked.
  await page.reload();
  await expect(fullName).toHaveValue('Jordan A. Avery');
  await expect(page.getByLabel('Phone')).toHaveAccessibleDescription('');

  // The conflicts form starts from the master LPQ, registration and profile (its auto-populate).
  expect(
    (
      await page.request.post('/api/attorney/master-lpq', {
        data: { ...completeMasterLpq(), isComplete: true },
      })
    ).ok(),
  ).toBe(true);
  await page.goto('/attorney/conflicts-form');
  await expect(page.getByLabel('Attorney Name')).toHaveValue('Dana Whitfield');
  await expect(page.getByLabel('Attorney Name')).toHaveAccessibleDescription(PREFILL_MARKS['master LPQ']);
  await expect(page.getByLabel('Firm Name')).toHaveValue(PROFILE.currentFirm);
  await expect(page.getByLabel('Firm Name')).toHaveAccessibleDescription(PREFILL_MARKS.profile);
  // Auto-populate also adds a matter per current client (PRODUCT.md §13): the client's own field is read.
  await expect(
    page.getByRole('group', { name: 'Current Client' }).getByLabel('Client Name').first(),
  ).toHaveValue('Acme Corp');

  // The business plan lists the profile's practice areas.
  await page.goto('/attorney/business-plan');
  await page.getByRole('button', { name: /Legal Services & Practice Areas/ }).click();
  await expect(field(page, 'Practice Area').first()).toHaveValue('Corporate');
  await expect(field(page, 'Practice Area').first()).toHaveAccessibleDescription(PREFILL_MARKS.profile);
  await expect(field(page, 'Practice Area').nth(1)).toHaveValue('Tax');
});
