import { describe, expect, it } from 'vitest';
import { safeReturnPath } from './auth';

describe('safeReturnPath', () => {
  it('keeps a path of this site with its query', () => {
    expect(safeReturnPath('/attorney/master-lpq')).toBe('/attorney/master-lpq');
    expect(safeReturnPath('/lpq/1f0c?x=1')).toBe('/lpq/1f0c?x=1');
  });
  it('refuses anything that could leave the site, loop, or is not a string', () => {
    for (const bad of [
      '//evil.example',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/auth',
      '/auth?returnTo=/x',
      '/api/logout',
      '/a b',
      '',
      undefined,
      42,
      `/${'a'.repeat(1000)}`,
    ]) {
      expect(safeReturnPath(bad), String(bad)).toBeNull();
    }
  });
});
