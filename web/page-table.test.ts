import { describe, expect, it } from 'vitest';
import { PROTECTED, PUBLIC_PAGES, pageAt } from './page-table';

describe('pageAt: the page a first load opens (web/boot.ts)', () => {
  it('matches a path without a parameter before one with', () => {
    expect(pageAt('/firm/requests/new')?.route.page).toBe('FirmRequestNew');
    expect(pageAt('/firm/requests')?.route.page).toBe('FirmRequests');
  });

  it('reads the id of a path with one, decoded as the router does', () => {
    expect(pageAt('/firm/requests/3f2a')).toMatchObject({ route: { page: 'FirmRequestDetail' }, id: '3f2a' });
    expect(pageAt('/lpq/a%20b')).toMatchObject({ route: { page: 'PositionLpqPage' }, id: 'a b' });
  });

  it('takes a trailing slash as the router does', () => {
    expect(pageAt('/attorney/dashboard/')?.route.page).toBe('AttorneyDashboard');
    expect(pageAt('/auth')?.route.page).toBe('Auth');
  });

  it('opens nothing for an unknown path, an empty id or a malformed escape', () => {
    expect(pageAt('/')).toBeNull();
    expect(pageAt('/nowhere')).toBeNull();
    expect(pageAt('/firm/requests/new/extra')).toBeNull();
    expect(pageAt('/lpq/%E0%A4%A')).toBeNull();
  });

  it("asks for the firm's review data at the addresses its queries fetch", () => {
    const review = pageAt('/firm/requests/r-1')!;
    const data = 'data' in review.route ? review.route.data : undefined;
    expect(data?.(review.id, new URLSearchParams())).toEqual(['/api/firm/lpq-requests/r-1']);
    // A ?version= link asks for its own version; the notes are not asked for before the member's roles are
    // known (a conflicts reader may not read them).
    expect(data?.(review.id, new URLSearchParams('version=2'))).toEqual([]);
  });

  it('opens the conflicts view and the self-identification page with the data their queries fetch', () => {
    const conflicts = pageAt('/firm/conflicts/r-1')!;
    expect(conflicts.route.page).toBe('FirmConflictsView');
    const data = 'data' in conflicts.route ? conflicts.route.data : undefined;
    expect(data?.(conflicts.id, new URLSearchParams())).toEqual(['/api/firm/lpq-requests/r-1/conflicts']);
    expect(pageAt('/firm/conflicts')?.route.page).toBe('FirmConflicts');
    expect(pageAt('/firm/self-identification')?.route.page).toBe('FirmSelfIdentification');
  });

  it('has one entry per path', () => {
    const paths = [...PUBLIC_PAGES, ...PROTECTED].map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
