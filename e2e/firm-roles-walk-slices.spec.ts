import { test } from '@playwright/test';
import { walkAs } from './firm-roles-walk';

// e2e/firm-roles-walk.ts: every firm screen at both widths, as each of these members.
for (const who of ['conflicts', 'diversity'] as const)
  test(`${who} walks every firm screen without a dead end`, async ({ browser }) => {
    // Twelve screens at two widths, with their links probed: about 40 s each on a quiet two-core machine.
    test.setTimeout(240_000);
    await walkAs(browser, who);
  });
