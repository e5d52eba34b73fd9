import { expect, it } from 'vitest';
import { accessHasEnded } from './request-status';

// Issue 67 item 16: a request whose access has ended offers nothing that grants access (Assign Reviewers).
it('says when the firm’s access to a request has ended', () => {
  const today = '2026-12-02';
  for (const status of ['revoked', 'withdrawn', 'declined'] as const)
    expect(accessHasEnded({ status, accessUntil: null }, today), status).toBe(true);
  for (const status of ['pending', 'accepted', 'in_progress', 'reviewed', 'completed'] as const)
    expect(accessHasEnded({ status, accessUntil: null }, today), status).toBe(false);
  // The access end date is inclusive: the firm reads through that day.
  expect(accessHasEnded({ status: 'reviewed', accessUntil: '2026-12-02' }, today)).toBe(false);
  expect(accessHasEnded({ status: 'reviewed', accessUntil: '2026-12-01' }, today)).toBe(true);
});
