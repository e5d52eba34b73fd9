import { TEAM_MESSAGES } from '@shared/team';
import { describe, expect, it } from 'vitest';
import { isLastAdmin, removalBlocked, roleChoices } from './roles';

const byRole = (choices: ReturnType<typeof roleChoices>) =>
  Object.fromEntries(choices.map((c) => [c.role, c]));

describe('roleChoices: the roles form keeps the server’s rules', () => {
  it('closes diversity while reviewer is ticked, and reviewer while diversity is', () => {
    const withReviewer = byRole(roleChoices(['reviewer']));
    expect(withReviewer.diversity).toMatchObject({
      disabled: true,
      reason: TEAM_MESSAGES.diversityCannotReview,
    });
    expect(withReviewer.reviewer.disabled).toBe(false);
    const withDiversity = byRole(roleChoices(['diversity']));
    expect(withDiversity.reviewer).toMatchObject({
      disabled: true,
      reason: TEAM_MESSAGES.diversityCannotReview,
    });
    expect(withDiversity.diversity.disabled).toBe(false);
  });

  it('keeps the last admin’s admin box ticked and closed, with the reason', () => {
    const last = byRole(roleChoices(['admin', 'recruiter'], { lastAdmin: true }));
    expect(last.admin).toMatchObject({ checked: true, disabled: true, reason: TEAM_MESSAGES.lastAdmin });
    expect(byRole(roleChoices(['admin'], { lastAdmin: false })).admin.disabled).toBe(false);
  });

  it('leaves every box open when nothing conflicts', () => {
    expect(roleChoices([]).every((c) => !c.disabled && c.reason === null)).toBe(true);
  });
});

describe('removal', () => {
  const members = [
    { userId: 'a', roles: ['admin' as const] },
    { userId: 'b', roles: ['reviewer' as const] },
  ];

  it('finds the only admin', () => {
    expect(isLastAdmin(members, 'a')).toBe(true);
    expect(isLastAdmin(members, 'b')).toBe(false);
    expect(isLastAdmin([...members, { userId: 'c', roles: ['admin' as const] }], 'a')).toBe(false);
  });

  it('refuses the last admin and oneself, with the reason', () => {
    expect(removalBlocked(members, 'a', 'x')).toBe(TEAM_MESSAGES.lastAdmin);
    const twoAdmins = [...members, { userId: 'c', roles: ['admin' as const] }];
    expect(removalBlocked(twoAdmins, 'a', 'a')).toBe(TEAM_MESSAGES.cannotRemoveSelf);
    expect(removalBlocked(twoAdmins, 'a', 'c')).toBeNull();
    expect(removalBlocked(members, 'b', 'a')).toBeNull();
  });
});
