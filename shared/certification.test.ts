import { describe, expect, it } from 'vitest';
import {
  certificationLine,
  certifiedByLine,
  describeMismatch,
  fieldPathWords,
  nameMatchesAccount,
  shortFingerprint,
  tidyName,
} from './certification';

const account = { firstName: 'Casey', lastName: 'Nguyen' };

describe('certification (PRODUCT.md §11)', () => {
  it('matches the account’s name whatever the case and spacing, and nothing else', () => {
    for (const typed of ['Casey Nguyen', 'casey nguyen', '  CASEY   NGUYEN ', 'CaseyNguyen', 'Casey\tNguyen'])
      expect(nameMatchesAccount(typed, account), typed).toBe(true);
    for (const typed of ['Casey', 'Nguyen Casey', 'Casey Nguyễn', 'Casey Nguyen Jr', '', '   '])
      expect(nameMatchesAccount(typed, account), typed).toBe(false);
    expect(tidyName('  casey   NGUYEN ')).toBe('casey NGUYEN');
  });

  it('writes the line the firm sees on each version', () => {
    const fingerprint = `3f9a${'0'.repeat(56)}c21e`;
    expect(shortFingerprint(fingerprint)).toBe('3f9a…c21e');
    expect(
      certificationLine({
        certifiedBy: 'Casey Nguyen',
        typedName: 'casey nguyen',
        certifiedAt: '2026-11-25T19:36:12.000Z',
        fingerprint,
      }),
    ).toBe('Certified by Casey Nguyen (typed: casey nguyen) on Nov 25, 2026 · fingerprint 3f9a…c21e');
    // PRODUCT.md §11's own example; a version certified before the typed name was kept shows the name only.
    expect(certifiedByLine('Eleanor Marsh', 'eleanor marsh')).toBe(
      'Certified by Eleanor Marsh (typed: eleanor marsh)',
    );
    expect(certifiedByLine('Eleanor Marsh', null)).toBe('Certified by Eleanor Marsh');
    expect(certificationLine(null)).toBe('Not certified');
  });

  it('names what verify found in words, never as keys', () => {
    expect(fieldPathWords('clientsInfo.topClients[2].portabilityLikelihood')).toBe(
      'Clients info › Top clients 3 › Portability likelihood',
    );
    expect(
      describeMismatch({
        part: 'masterLpq',
        path: 'masterLpq.financialInfo.currentYear.rate',
        problem: 'changed',
      }),
    ).toBe('Master LPQ: Financial info › Current year › Rate changed');
    expect(
      describeMismatch({ part: 'documents', path: 'documents[1]', problem: 'changed' }, ['a.pdf', 'b.pdf']),
    ).toBe('Document ‘b.pdf’: its bytes differ from what was certified');
    expect(describeMismatch({ part: 'documents', path: 'documents[0]', problem: 'missing' }, ['a.pdf'])).toBe(
      'Document ‘a.pdf’: its file is missing from storage',
    );
    expect(describeMismatch({ part: 'certification', path: 'certifiedBy', problem: 'changed' })).toBe(
      'Certification: the name differs from the one the audit trail recorded',
    );
    expect(describeMismatch({ part: 'conflictsForm', path: 'conflictsForm', problem: 'changed' })).toBe(
      'Conflicts form changed',
    );
    expect(describeMismatch({ part: 'profile', path: 'profile.phone', problem: 'removed' })).toBe(
      'Profile: Phone removed',
    );
  });
});
