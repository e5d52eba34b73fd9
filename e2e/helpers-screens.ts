/**
 * Screens that several journeys drive by hand: the attorney's and the firm's sign-up wizards and the /join
 * form. Each walker clicks through the screen as a person would (it never stands in for it with the API);
 * `atStep` runs on each step once its fields are filled, before Continue, for a journey's own checks (axe,
 * the phone's layout, screenshots). A wizard walk ends on its last step, before its final button, which the
 * journey clicks.
 */

import { expect, type Page } from '@playwright/test';
import { PASSWORD } from './helpers';

type AtStep = (step: number) => Promise<void>;
const noChecks: AtStep = async () => undefined;

const passwordTwice: [RegExp | string, string][] = [
  [/^Password$/, PASSWORD],
  ['Confirm Password', PASSWORD],
];

/** The account's last fields on both wizards: the address, a phone number and the password twice. */
const account = (email: string | undefined, phone: string): [string | RegExp, string | undefined][] => [
  ['Email Address', email],
  ['Phone Number', phone],
  ...passwordTwice,
];

/** Opens a select by its label and picks an option (its whole name). */
export async function chooseOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Runs the journey's checks on `step`, then Continue, and waits for the next of the wizard's three steps. */
async function continueFrom(page: Page, step: number, atStep: AtStep) {
  await atStep(step);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText(`Step ${step + 1} of 3`)).toBeVisible();
}

/** Fills the fields a step shows, by label, skipping those with no value. */
async function fillByLabel(page: Page, fields: [string | RegExp, string | undefined][]) {
  for (const [label, value] of fields) if (value !== undefined) await page.getByLabel(label).fill(value);
}

export type AttorneySignUp = {
  /** Left as it is when undefined (the invitation's sign-up link fills it in). */
  email?: string;
  firstName?: string;
  lastName?: string;
  phone?: string;
  currentFirm?: string;
  yearsOfExperience?: string;
  lawSchool?: string;
  graduationYear?: string;
  barAdmissions?: string;
  /** Ticked on step 3. */
  practiceAreas?: string[];
};

/**
 * The /register/attorney wizard from its first step (open already): account (Casey Lund unless named),
 * background (only the fields given) and practice areas. Ends on step 3, before Create Account.
 */
export async function walkAttorneySignUp(page: Page, fields: AttorneySignUp, atStep: AtStep = noChecks) {
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await fillByLabel(page, [
    ['First Name', fields.firstName ?? 'Casey'],
    ['Last Name', fields.lastName ?? 'Lund'],
    ...account(fields.email, fields.phone ?? '+1 617 555 0123'),
  ]);
  await continueFrom(page, 1, atStep);
  await fillByLabel(page, [
    ['Current Firm', fields.currentFirm],
    ['Years of Experience', fields.yearsOfExperience],
    ['Law School', fields.lawSchool],
    ['Graduation Year', fields.graduationYear],
    ['Bar Admissions', fields.barAdmissions],
  ]);
  await continueFrom(page, 2, atStep);
  for (const area of fields.practiceAreas ?? []) await page.getByLabel(area).check();
  await atStep(3);
}

export type FirmSignUp = {
  email: string;
  firmName: string;
  headquarters: string;
  website?: string;
  city: string;
  state: string;
  attorneys: string;
  contactName: string;
  contactTitle: string;
  phone: string;
  /** Ticked on step 1. */
  practiceAreas?: string[];
};

/**
 * The /register/firm wizard from its first step (open already): the firm and its one office, then the
 * contact person's account. Ends on step 3 (the review), before the terms and Create Account.
 */
export async function walkFirmSignUp(page: Page, fields: FirmSignUp, atStep: AtStep = noChecks) {
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await fillByLabel(page, [
    ['Firm Name', fields.firmName],
    ['Headquarters Address', fields.headquarters],
    ['Website', fields.website],
    [/^City$/, fields.city],
    [/^State$/, fields.state],
    ['Number of Attorneys', fields.attorneys],
  ]);
  for (const area of fields.practiceAreas ?? []) await page.getByRole('checkbox', { name: area }).check();
  await continueFrom(page, 1, atStep);
  await fillByLabel(page, [
    ['Contact Person Name', fields.contactName],
    ['Contact Person Title', fields.contactTitle],
    ...account(fields.email, fields.phone),
  ]);
  await continueFrom(page, 2, atStep);
  await atStep(3);
}

/**
 * The /join screen (open at a member invitation's link): a new account named `firstName` Reed, then
 * 'Create account and join'; it ends signed in on the firm dashboard. `beforeJoin` runs on the filled form.
 */
export async function joinThroughScreen(
  page: Page,
  firstName: string,
  beforeJoin: () => Promise<void> = async () => undefined,
) {
  await fillByLabel(page, [['First Name', firstName], ['Last Name', 'Reed'], ...passwordTwice]);
  await beforeJoin();
  await page.getByRole('button', { name: 'Create account and join' }).click();
  await expect(page).toHaveURL(/\/firm\/dashboard$/);
}

/**
 * The master LPQ's first five steps typed in (open at step 1): `person`'s general information, the current
 * employment at Hale & Stone LLP, the financial figures, one client (Acme Corp) and the practice
 * requirements. `atStep` runs on each step once it is filled, then `next(to)` (the journey's own Next, which
 * waits for step `to`) moves on; it ends on step 6, the disclosures.
 */
export async function fillMasterLpqSteps(
  page: Page,
  person: { fullName: string; email: string; phone: string },
  next: (to: number) => Promise<void>,
  atStep: AtStep = noChecks,
) {
  const steps: (() => Promise<void>)[] = [
    () =>
      fillByLabel(page, [
        ['Full Name', person.fullName],
        ['Email', person.email],
        ['Phone', person.phone],
        ['Address', '1 Main Street, Boston'],
        ['Bar Admissions', 'Massachusetts'],
      ]),
    () =>
      fillByLabel(page, [
        ['Current Employer', 'Hale & Stone LLP'],
        ['Current Position', 'Partner'],
        ['Start Date', '2015-09-01'],
        ['Reason for Departure', 'Platform for growth'],
      ]),
    async () => {
      await chooseOption(page, 'Employee Type', 'K1 (partner)');
      await fillByLabel(page, [
        ['Compensation Expectations', '$1.2M base'],
        ['Current Year Rate', '950'],
      ]);
    },
    async () => {
      await page.getByRole('button', { name: 'Add Client' }).click();
      await fillByLabel(page, [
        ['Client Name', 'Acme Corp'],
        ['YTD Collections', '500000'],
        ['Portability Likelihood', '80'],
        ['Are you the key relationship manager', 'Yes'],
        ['Do you share origination credit', 'Shared 50/50'],
        ['Have you ported clients before?', 'Two clients in 2015'],
        ['What does the portability', 'Nothing special'],
        ['Special fee arrangements', 'Capped fees'],
      ]);
    },
    () =>
      fillByLabel(page, [
        ['Support Requirements', 'Two associates'],
        ['Marketing Budget Requirements', '$50,000 a year'],
      ]),
  ];
  for (const [i, fill] of steps.entries()) {
    await fill();
    await atStep(i + 1);
    await next(i + 2);
  }
}

/**
 * On the conflicts form (its current client filled in from the master LPQ): the client's relationship,
 * business and work, and the description and opening date of the matter added for it.
 */
export async function fillConflictsCurrentClient(page: Page) {
  await fillByLabel(page, [
    ['Relationship Start Date', '2016-01-15'],
    ['Business Description', 'Industrial manufacturing'],
    ['Types of Work', 'M&A'],
  ]);
  const matter = page.getByRole('group', { name: 'Matter' });
  await matter.getByLabel('Matter Description (generic)').fill('Supply agreements');
  await matter.getByLabel('Opened').fill('2016-01-15');
}
