import type { VersionVerification } from '@shared/certification';
import { describe, expect, it } from 'vitest';
import { verificationForReader } from './certification';

describe('verify for a reader who may not see every part (PRODUCT.md §9, §11)', () => {
  const result: VersionVerification = {
    intact: false,
    version: 1,
    certifiedBy: 'Casey Nguyen',
    certifiedAt: '2026-11-25T10:00:00.000Z',
    fingerprint: 'f'.repeat(64),
    mismatches: [
      { part: 'masterLpq', path: 'masterLpq.financialInfo.currentYear.rate', problem: 'changed' },
      { part: 'conflictsForm', path: 'conflictsForm.currentClients[3].clientName', problem: 'changed' },
      { part: 'conflictsForm', path: 'conflictsForm.secretNote', problem: 'added' },
      { part: 'certification', path: 'certifiedBy', problem: 'changed' },
    ],
  };

  it('names a hidden part once, by its name alone, and keeps the visible parts’ paths', () => {
    expect(verificationForReader(result, ['profile', 'masterLpq', 'documents']).mismatches).toEqual([
      { part: 'masterLpq', path: 'masterLpq.financialInfo.currentYear.rate', problem: 'changed' },
      { part: 'conflictsForm', path: 'conflictsForm', problem: 'changed' },
      { part: 'certification', path: 'certifiedBy', problem: 'changed' },
    ]);
  });

  it('changes nothing for a reader who sees every part', () => {
    expect(verificationForReader(result, null)).toBe(result);
  });
});
