import { type APIRequestContext, type Browser, expect, type Page, request, test } from '@playwright/test';
import { baseURL } from '../playwright.config';
import {
  businessPlan,
  completeMasterLpq,
  conflictsForm,
  diversityForm,
} from '../server/modules/master-lpq/master-lpq.fixtures';
import {
  axeViolations,
  certifyInDialog,
  latestMail,
  linkFrom,
  PASSWORD,
  uniqueEmail,
  verifyAddressByApi,
} from './helpers';

/**
 * Axe (WCAG 2.0/2.1 A and AA) on every screen of both sides, in the states a user sees.
 * A serious or critical violation fails; the rest is printed for information. Each screen is a soft
 * check, so one run lists every screen that fails.
 */

// The screens are independent (each signed-in test has its own users, set up per worker), so the file's
// tests spread over CI's two workers instead of holding one for five minutes.
test.describe.configure({ mode: 'parallel' });

async function expectAccessible(page: Page, screen: string) {
  // Let queries settle and Mantine's transitions (modals, tabs) finish before axe reads colours.
  await expect(page.locator('[aria-label^="Loading"]')).toHaveCount(0);
  await page.waitForTimeout(400);
  const results = { violations: await axeViolations(page) };
  // The rule, then each offending element with its text and, for contrast, the colours found.
  const describe = (v: (typeof results.violations)[number]) =>
    `${v.impact} ${v.id}: ${v.help} — ${v.nodes
      .slice(0, 4)
      .map((n) => {
        const data = n.any[0]?.data as { fgColor?: string; bgColor?: string; contrastRatio?: number } | null;
        const colours = data?.fgColor ? ` ${data.fgColor} on ${data.bgColor} = ${data.contrastRatio}` : '';
        return `${n.html.slice(0, 120)}${colours}`;
      })
      .join(' | ')}`;
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const minor = results.violations.filter((v) => !blocking.includes(v));
  if (minor.length)
    console.log(`[a11y] ${screen} (minor, not failing):\n  ${minor.map(describe).join('\n  ')}`);
  expect.soft(blocking.map(describe), `serious or critical axe violations on ${screen}`).toEqual([]);
}

/** Opens every step a step navigator lists (master LPQ, business plan, position LPQ) and checks each. */
async function checkEverySteppedView(page: Page, screen: string) {
  const steps = page.getByRole('navigation', { name: 'Steps' }).getByRole('button');
  await expect(steps.first()).toBeVisible();
  const count = await steps.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await steps.nth(i).click();
    await expect(steps.nth(i)).toHaveAttribute('aria-current', 'step');
    await expectAccessible(page, `${screen} step ${i + 1}`);
  }
}

const FIRM_QUESTIONS = {
  sections: [
    {
      title: 'Practice fit',
      questions: [
        { id: 'why', text: 'Why our firm?', type: 'textarea', required: true },
        { id: 'start', text: 'Earliest start date', type: 'date', required: false },
        { id: 'relocate', text: 'Would you relocate?', type: 'yesno', required: false },
        {
          id: 'office',
          text: 'Preferred office',
          type: 'select',
          required: true,
          options: ['Boston', 'NYC'],
        },
        { id: 'team', text: 'Team size', type: 'number', required: false },
        { id: 'title', text: 'Title you expect', type: 'text', required: false },
      ],
    },
  ],
};

type Actors = {
  attorney: APIRequestContext;
  firm: APIRequestContext;
  sharedRequestId: string;
  pendingRequestId: string;
  lpqId: string;
};

/** A firm with two requests to one attorney with every form filled: one shared, one pending. */
async function setUpActors(): Promise<Actors> {
  const firm = await request.newContext({ baseURL });
  const attorney = await request.newContext({ baseURL });
  const attorneyEmail = uniqueEmail('a11y-attorney');
  const firmEmail = uniqueEmail('a11y-firm');
  expect(
    (
      await firm.post('/api/register/firm', {
        data: {
          firmName: 'Arden & Vale LLP',
          headquartersAddress: '200 Park Avenue, New York, NY',
          offices: [{ city: 'New York', state: 'NY', numberOfAttorneys: 40 }],
          practiceAreas: ['Corporate'],
          contactPersonName: 'Morgan Vale',
          contactPersonTitle: 'Recruiting Director',
          email: firmEmail,
          contactPhone: '+1 212 555 0199',
          password: PASSWORD,
          agreeToTerms: true,
        },
      })
    ).status(),
  ).toBe(201);
  // Sending invitations needs a verified firm address (PRODUCT.md §6).
  await verifyAddressByApi(firm, firmEmail);
  expect((await firm.post('/api/firm/custom-sections', { data: FIRM_QUESTIONS.sections[0] })).status()).toBe(
    201,
  );

  expect(
    (
      await attorney.post('/api/register', {
        data: {
          email: attorneyEmail,
          password: PASSWORD,
          firstName: 'Dana',
          lastName: 'Whitfield',
          userType: 'attorney',
        },
      })
    ).status(),
  ).toBe(201);
  const verify = await latestMail(attorney, attorneyEmail, 'verify_email');
  const token = new URL(linkFrom(verify, '/verify-email')).searchParams.get('token');
  expect((await attorney.post('/api/auth/verify-email', { data: { token } })).ok()).toBe(true);
  const { resumeUrl: _, ...masterLpq } = completeMasterLpq();
  for (const [method, path, data] of [
    [
      'post',
      '/api/attorney/profile',
      {
        phone: '+1 617 555 0100',
        currentFirm: 'Hale & Stone LLP',
        position: 'partner',
        practiceAreas: ['Corporate'],
      },
    ],
    ['post', '/api/attorney/master-lpq', masterLpq],
    ['put', '/api/attorney/conflicts-form', conflictsForm()],
    ['put', '/api/attorney/diversity-form', diversityForm()],
    ['put', '/api/attorney/business-plan', businessPlan()],
  ] as const) {
    const res = await attorney[method](path, { data });
    expect(res.ok(), `${path}: ${await res.text()}`).toBe(true);
  }

  const invite = async (positionTitle: string) => {
    const res = await firm.post('/api/firm/lpq-requests', {
      data: {
        attorneyEmail,
        positionTitle,
        practiceArea: 'Corporate',
        additionalMessage: 'We would love to talk.',
        firmSpecificQuestions: FIRM_QUESTIONS,
      },
    });
    expect(res.status()).toBe(201);
    return (await res.json()).id as string;
  };
  const sharedRequestId = await invite('Corporate Partner');
  const pendingRequestId = await invite('M&A Partner');
  expect((await attorney.post(`/api/attorney/lpq-requests/${sharedRequestId}/share`)).ok()).toBe(true);
  const items = (await (await attorney.get('/api/attorney/lpq-requests')).json()) as {
    id: string;
    lpqId: string | null;
  }[];
  const lpqId = items.find((i) => i.id === sharedRequestId)?.lpqId;
  expect(lpqId).toBeTruthy();
  // The firm's read of the package is the entry on the attorney's Recent Activity.
  expect((await firm.get(`/api/firm/lpq-requests/${sharedRequestId}`)).ok()).toBe(true);
  return { attorney, firm, sharedRequestId, pendingRequestId, lpqId: lpqId! };
}

async function pageAs(browser: Browser, actor: APIRequestContext) {
  const context = await browser.newContext({ storageState: await actor.storageState() });
  return context.newPage();
}

test('signed-out screens have no serious or critical axe violations', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expectAccessible(page, '/ (landing)');

  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
  await expectAccessible(page, '/auth Sign In');
  await page.getByRole('tab', { name: 'Create Account' }).click();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await expectAccessible(page, '/auth Create Account');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(
    page.getByText('First name is required').or(page.locator('.mantine-InputWrapper-error')).first(),
  ).toBeVisible();
  await expectAccessible(page, '/auth Create Account with errors');

  await page.goto('/forgot-password');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '/forgot-password');

  await page.goto('/reset-password?token=x');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await expectAccessible(page, '/reset-password?token=x');

  await page.goto('/verify-email?token=x');
  await expect(page.getByRole('alert').filter({ hasText: 'We could not verify your email' })).toBeVisible();
  await expectAccessible(page, '/verify-email?token=x');

  await page.goto('/register/attorney');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await expectAccessible(page, '/register/attorney step 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expectAccessible(page, '/register/attorney step 1 with errors');
  await page.getByLabel('First Name').fill('Casey');
  await page.getByLabel('Last Name').fill('Nguyen');
  await page.getByLabel('Email Address').fill(uniqueEmail('a11y-reg'));
  await page.getByLabel('Phone Number').fill('+1 212 555 0100');
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await expectAccessible(page, '/register/attorney step 2');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expectAccessible(page, '/register/attorney step 3');

  await page.goto('/register/firm');
  // Each step is checked before the next opens: its messages are part of what is audited.
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Firm name is required')).toBeVisible();
  await expectAccessible(page, '/register/firm step 1 with errors');
  const fill: Record<number, [string | RegExp, string][]> = {
    1: [
      ['Firm Name', 'Harrow & Finch LLP'],
      ['Headquarters Address', '10 Hudson Yards, New York, NY'],
    ],
    2: [
      ['Contact Person Name', 'Avery Finch'],
      ['Email Address', 'a11y-firm@example.com'],
      ['Phone Number', '+1 212 555 0142'],
      [/^Password/, 'correct horse battery'],
      ['Confirm Password', 'correct horse battery'],
    ],
  };
  for (const step of [1, 2, 3]) {
    await expect(page.getByText(`Step ${step} of 3`)).toBeVisible();
    await expectAccessible(page, `/register/firm step ${step}`);
    if (step < 3) {
      for (const [label, value] of fill[step]) await page.getByLabel(label).fill(value);
      await page.getByRole('button', { name: 'Continue' }).click();
    }
  }

  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expectAccessible(page, '404');
});

test.describe('signed in', () => {
  let actors: Actors;
  test.beforeAll(async () => {
    actors = await setUpActors();
  });
  test.afterAll(async () => {
    await actors?.attorney.dispose();
    await actors?.firm.dispose();
  });

  test('firm screens have no serious or critical axe violations', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await pageAs(browser, actors.firm);

    await page.goto('/firm/dashboard');
    await expect(page.getByText('Corporate Partner').first()).toBeVisible();
    await expectAccessible(page, '/firm/dashboard');

    await page.goto('/firm/profile');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, '/firm/profile');

    await page.goto('/firm/custom-sections');
    await expect(page.getByRole('heading', { name: 'Practice fit' })).toBeVisible();
    await expectAccessible(page, '/firm/custom-sections');
    await page.getByRole('button', { name: 'Edit Practice fit' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectAccessible(page, '/firm/custom-sections editor dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Delete Practice fit' }).click();
    await expect(page.getByRole('dialog', { name: 'Delete Custom Section' })).toBeVisible();
    await expectAccessible(page, '/firm/custom-sections delete dialog');
    await page.keyboard.press('Escape');

    await page.goto('/firm/requests');
    await expect(page.getByText('M&A Partner').first()).toBeVisible();
    await expectAccessible(page, '/firm/requests');

    await page.goto('/firm/requests/new');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectAccessible(page, '/firm/requests/new');
    await page.getByRole('button', { name: /Send/ }).last().click();
    await expectAccessible(page, '/firm/requests/new with errors');

    await page.goto(`/firm/requests/${actors.sharedRequestId}`);
    const tabs = page.getByRole('tab');
    await expect(tabs.first()).toBeVisible();
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      await tabs.nth(i).click();
      await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
      await expectAccessible(page, `/firm/requests/{id} tab ${await tabs.nth(i).textContent()}`);
    }

    await page.goto(`/firm/requests/${actors.pendingRequestId}`);
    await expect(page.getByText('M&A Partner').first()).toBeVisible();
    await expectAccessible(page, '/firm/requests/{id} pending');
    await page.context().close();
  });

  test('attorney workspace screens have no serious or critical axe violations', async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await pageAs(browser, actors.attorney);

    await page.goto('/');
    await expect(page).toHaveURL(/\/attorney\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Attorney Dashboard' })).toBeVisible();
    await expectAccessible(page, '/attorney/dashboard');

    for (let step = 1; step <= 6; step++) {
      await page.goto(`/attorney/onboarding?step=${step}`);
      await expect(page.getByText(`Step ${step} of 6`)).toBeVisible();
      await expectAccessible(page, `/attorney/onboarding step ${step}`);
    }

    await page.goto('/attorney/profile');
    await expect(page.getByRole('heading', { name: 'Attorney Profile' })).toBeVisible();
    await expectAccessible(page, '/attorney/profile');

    await page.goto('/attorney/master-lpq');
    await expect(page.getByRole('heading', { name: 'Master LPQ Template' })).toBeVisible();
    await checkEverySteppedView(page, '/attorney/master-lpq');

    await page.goto('/attorney/conflicts-form');
    await expect(page.getByRole('heading', { name: 'Conflicts of Interest Form' })).toBeVisible();
    await expectAccessible(page, '/attorney/conflicts-form');

    await page.goto('/attorney/diversity-form');
    await expect(page.getByRole('heading', { name: 'Diversity Self-Identification Form' })).toBeVisible();
    await expectAccessible(page, '/attorney/diversity-form');

    await page.goto('/attorney/business-plan');
    await expect(page.getByRole('heading', { name: 'Business Plan' }).first()).toBeVisible();
    await checkEverySteppedView(page, '/attorney/business-plan');

    await page.context().close();
  });

  test('attorney request screens have no serious or critical axe violations', async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await pageAs(browser, actors.attorney);

    await page.goto('/attorney/lpq-requests');
    const pending = page.getByRole('article', { name: /M&A Partner/ });
    await expect(pending.getByRole('button', { name: 'Share LPQ' })).toBeVisible();
    await expectAccessible(page, '/attorney/lpq-requests');
    await pending.getByRole('button', { name: 'Share LPQ' }).click();
    await expect(page.getByRole('dialog', { name: 'Share LPQ Package' })).toBeVisible();
    await expectAccessible(page, '/attorney/lpq-requests share dialog');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    await pending.getByRole('button', { name: 'Decline' }).click();
    await expect(page.getByRole('dialog', { name: 'Decline LPQ Request' })).toBeVisible();
    await expectAccessible(page, '/attorney/lpq-requests decline dialog');
    await page.keyboard.press('Escape');

    await page.goto(`/lpq/${actors.lpqId}`);
    await expect(page.getByRole('heading', { name: 'Lateral Partner Questionnaire' })).toBeVisible();
    await checkEverySteppedView(page, '/lpq/{id}');
    await expect(page.getByText('Step 5 of 5')).toBeVisible();
    await expect(page.getByLabel('Why our firm?')).toBeVisible();

    await page.goto('/attorney/access-log');
    await expect(page.getByText('Arden & Vale LLP').first()).toBeVisible();
    await expectAccessible(page, '/attorney/access-log');
    await page.context().close();
  });
});

/**
 * The states with a toast or a dialog open, at 1280 and at 390 px. A toast is held
 * (hovered) while axe reads it, so it is part of the check at both widths.
 */
async function atBothWidths(page: Page, screen: string) {
  const toast = page.locator('.mantine-Notification-root');
  for (const size of [
    { width: 1280, height: 800 },
    { width: 390, height: 844 },
  ]) {
    await page.setViewportSize(size);
    if (await toast.count())
      await toast
        .first()
        .hover({ timeout: 2000 })
        .catch(() => undefined);
    await expectAccessible(page, `${screen} at ${size.width} px`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('toasts and dialogs', () => {
  let actors: Actors;
  test.beforeAll(async () => {
    actors = await setUpActors();
  });
  test.afterAll(async () => {
    await actors?.attorney.dispose();
    await actors?.firm.dispose();
  });

  test('a signed-out toast and its inline message pass axe at 1280 and 390 px', async ({ page }) => {
    test.setTimeout(120_000);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(uniqueEmail('nobody'));
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByText('Login failed')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Close notification' })).toBeVisible();
    await atBothWidths(page, '/auth sign-in refused, toast open');
  });

  test('the attorney’s toasts and dialogs pass axe at 1280 and 390 px', async ({ browser }) => {
    test.setTimeout(300_000);
    const page = await pageAs(browser, actors.attorney);
    await page.goto('/attorney/profile');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expect(page.getByText('Profile Updated')).toBeVisible();
    await atBothWidths(page, '/attorney/profile saved, toast open');

    await page.goto('/attorney/lpq-requests');
    const pending = page.getByRole('article', { name: /M&A Partner/ });
    const shared = page.getByRole('article', { name: /Corporate Partner/ });
    await pending.getByRole('button', { name: 'Share LPQ' }).click();
    const share = page.getByRole('dialog', { name: 'Share LPQ Package' });
    await expect(share.getByRole('checkbox', { name: 'Conflicts form' })).toBeVisible();
    await atBothWidths(page, 'share dialog');
    await share.getByRole('button', { name: /^Preview what/ }).click();
    await expect(
      page.getByRole('dialog', { name: /will see$/ }).getByRole('heading', { name: 'Summary' }),
    ).toBeVisible();
    await atBothWidths(page, 'preview dialog');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await pending.getByRole('button', { name: 'Decline' }).click();
    await atBothWidths(page, 'decline dialog');
    await page.keyboard.press('Escape');
    await pending.getByRole('button', { name: /^About / }).click();
    await expect(page.getByRole('dialog', { name: 'Arden & Vale LLP' })).toBeVisible();
    await atBothWidths(page, 'firm profile dialog');
    await page.keyboard.press('Escape');
    await shared.getByRole('button', { name: 'Send update' }).click();
    await expect(page.getByRole('dialog', { name: 'Send Update' })).toBeVisible();
    await atBothWidths(page, 'send update dialog');
    await certifyInDialog(page.getByRole('dialog', { name: 'Send Update' }), 'Dana Whitfield');
    await page
      .getByRole('dialog', { name: 'Send Update' })
      .getByRole('button', { name: 'Send Update' })
      .click();
    await expect(page.getByText('Update Sent')).toBeVisible();
    await atBothWidths(page, '/attorney/lpq-requests update sent, toast open');
    await shared.getByRole('button', { name: 'Revoke access' }).click();
    await expect(page.getByRole('dialog', { name: 'Revoke Access' })).toBeVisible();
    await atBothWidths(page, 'revoke dialog');
    await page.keyboard.press('Escape');
    await shared.getByRole('button', { name: 'Access history' }).click();
    await atBothWidths(page, '/attorney/lpq-requests access history open');
    await page.context().close();
  });

  test('the firm’s toasts and dialogs pass axe at 1280 and 390 px', async ({ browser }) => {
    test.setTimeout(240_000);
    const page = await pageAs(browser, actors.firm);
    // A second version, for 'What changed'.
    expect(
      (await actors.attorney.post(`/api/attorney/lpq-requests/${actors.sharedRequestId}/update`)).ok(),
    ).toBe(true);
    await page.goto(`/firm/requests/${actors.sharedRequestId}`);
    await page.getByRole('button', { name: 'What changed', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'What changed' })).toBeVisible();
    await atBothWidths(page, 'what changed dialog');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: 'Mark Under Review' }).click();
    await expect(page.getByRole('dialog', { name: 'Mark Under Review' })).toBeVisible();
    await atBothWidths(page, 'mark under review dialog');
    await page
      .getByRole('dialog', { name: 'Mark Under Review' })
      .getByRole('button', { name: 'Mark Under Review' })
      .click();
    await expect(page.locator('.mantine-Notification-root')).toBeVisible();
    await atBothWidths(page, '/firm/requests/{id} marked, toast open');

    await page.goto('/firm/requests/new');
    await page.getByRole('button', { name: 'Send Invitation' }).click();
    await expectAccessible(page, '/firm/requests/new with errors');
    await atBothWidths(page, '/firm/requests/new with errors');
    await page.context().close();
  });
});
