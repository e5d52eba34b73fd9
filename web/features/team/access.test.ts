import type { FirmRole } from '@shared/team';
import { describe, expect, it } from 'vitest';
import { PROTECTED } from '../../page-table';
import { FIRM_PAGE_ROLES, firmAccess, firmNavigation, onlyAssigned, seesPipeline } from './access';

const member = (...roles: FirmRole[]) => ({ userType: 'firm' as const, firm: { id: 'f', roles } });
const keys = (...roles: FirmRole[]) => firmNavigation(roles).map((i) => i.key);

describe('firmAccess: the firm pages a member’s roles open (PRODUCT.md §9)', () => {
  it('opens the admin’s pages to admins only', () => {
    for (const path of ['/firm/settings', '/firm/profile', '/firm/custom-sections']) {
      expect(firmAccess(member('admin'), path).kind).toBe('allowed');
      expect(firmAccess(member('recruiter', 'reviewer', 'conflicts'), path)).toEqual({
        kind: 'no-access',
        roles: ['recruiter', 'reviewer', 'conflicts'],
      });
    }
  });

  it('lets recruiters read the team, and nobody else but admins', () => {
    expect(firmAccess(member('recruiter'), '/firm/team').kind).toBe('allowed');
    expect(firmAccess(member('reviewer'), '/firm/team').kind).toBe('no-access');
    expect(firmAccess(member('diversity'), '/firm/team').kind).toBe('no-access');
  });

  it('opens sending a request to recruiters only, as the server does', () => {
    expect(firmAccess(member('recruiter'), '/firm/requests/new').kind).toBe('allowed');
    expect(firmAccess(member('admin'), '/firm/requests/new').kind).toBe('no-access');
  });

  it('keeps a diversity officer out of every request and a reviewer out of the conflicts queue', () => {
    expect(firmAccess(member('diversity'), '/firm/requests').kind).toBe('no-access');
    expect(firmAccess(member('diversity'), '/firm/requests/:id').kind).toBe('no-access');
    expect(firmAccess(member('diversity'), '/firm/self-identification').kind).toBe('allowed');
    expect(firmAccess(member('reviewer'), '/firm/conflicts').kind).toBe('no-access');
    expect(firmAccess(member('reviewer'), '/firm/requests/:id').kind).toBe('allowed');
  });

  it('opens the dashboard and account pages to every member', () => {
    expect(firmAccess(member('diversity'), '/firm/dashboard').kind).toBe('allowed');
    expect(firmAccess(member('diversity'), '/account/security').kind).toBe('allowed');
  });

  it('tells a firm user without a firm so on every firm page, but not on account pages', () => {
    const removed = { userType: 'firm' as const, firm: null };
    expect(firmAccess(removed, '/firm/dashboard').kind).toBe('no-firm');
    expect(firmAccess(removed, '/firm/team').kind).toBe('no-firm');
    expect(firmAccess(removed, '/account/security').kind).toBe('allowed');
  });

  it('never judges an attorney by firm roles', () => {
    expect(firmAccess({ userType: 'attorney', firm: undefined }, '/attorney/dashboard').kind).toBe('allowed');
  });

  it('names only firm paths the router has, or the conflicts and self-identification pages to come', () => {
    const routed = new Set(PROTECTED.map((r) => r.path));
    const toCome = new Set(['/firm/conflicts', '/firm/conflicts/:id', '/firm/self-identification']);
    for (const path of Object.keys(FIRM_PAGE_ROLES)) expect(routed.has(path) || toCome.has(path)).toBe(true);
  });
});

describe('firmNavigation: the links each member sees', () => {
  it('gives the registrant (admin, recruiter, reviewer, conflicts) everything but self-identification', () => {
    expect(keys('admin', 'recruiter', 'reviewer', 'conflicts')).toEqual([
      'new-request',
      'requests',
      'conflicts',
      'team',
      'settings',
      'profile',
      'custom-sections',
    ]);
  });

  it('gives a reviewer their own list, a conflicts member the queue, a diversity officer the forms', () => {
    expect(keys('reviewer')).toEqual(['assigned']);
    expect(keys('conflicts')).toEqual(['conflicts']);
    expect(keys('diversity')).toEqual(['self-identification']);
    expect(firmNavigation(['conflicts'])[0].to).toBe('/firm/conflicts');
    expect(firmNavigation(['diversity'])[0].to).toBe('/firm/self-identification');
  });

  it('gives an admin alone the pipeline to read but no sending', () => {
    expect(keys('admin')).toEqual(['requests', 'team', 'settings', 'profile', 'custom-sections']);
  });

  it('gives a recruiter the pipeline and the team to read', () => {
    expect(keys('recruiter')).toEqual(['new-request', 'requests', 'team']);
  });

  it('links only to pages the same roles may open', () => {
    const all: FirmRole[][] = [['admin'], ['recruiter'], ['reviewer'], ['conflicts'], ['diversity']];
    for (const roles of all)
      for (const item of firmNavigation(roles))
        expect(firmAccess(member(...roles), item.to).kind, `${roles} → ${item.to}`).toBe('allowed');
  });
});

describe('what the dashboard shows', () => {
  it('shows the pipeline to admins, recruiters and reviewers; only theirs to a reviewer alone', () => {
    expect(seesPipeline(['diversity'])).toBe(false);
    expect(seesPipeline(['conflicts'])).toBe(false);
    expect(seesPipeline(['reviewer'])).toBe(true);
    expect(onlyAssigned(['reviewer'])).toBe(true);
    expect(onlyAssigned(['reviewer', 'recruiter'])).toBe(false);
    expect(onlyAssigned(['admin'])).toBe(false);
  });
});
