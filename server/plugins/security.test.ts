import type helmet from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, NON_DOCUMENT_CSP, PAGE_ONLY_HEADERS, splitHeaders } from './security';

describe('helmetHeaders', () => {
  it("records the headers helmet's middleware sets for the options", () => {
    const headers = helmetHeaders({
      contentSecurityPolicy: { directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      hsts: false,
    });
    expect(headers['Content-Security-Policy']).toContain("frame-ancestors 'none'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
    expect(headers['X-Frame-Options']).toBe('SAMEORIGIN');
    expect(headers['Strict-Transport-Security']).toBeUndefined();
    expect(helmetHeaders({ hsts: true })['Strict-Transport-Security']).toMatch(/^max-age=\d+/);
  });

  it('refuses options whose headers would depend on the request', () => {
    const perRequest = {
      contentSecurityPolicy: {
        directives: {
          scriptSrc: ["'self'", (_req: unknown, res: { nonce?: string }) => `'nonce-${res.nonce}'`],
        },
      },
    } as NonNullable<Parameters<typeof helmet>[0]>;
    expect(() => helmetHeaders(perRequest)).toThrow(/depends on the request/);
  });
});

describe('splitHeaders', () => {
  it("puts each of helmet's headers in one of the two sets, the page-only ones and the pages' policy apart", () => {
    const all = Object.fromEntries(
      Object.entries(helmetHeaders({ hsts: true })).map(([name, value]) => [name.toLowerCase(), value]),
    );
    const { every, pages } = splitHeaders(all);
    expect(Object.keys(pages).sort()).toEqual([...PAGE_ONLY_HEADERS, 'content-security-policy'].sort());
    expect(pages['content-security-policy']).toBe(all['content-security-policy']);
    expect(every['content-security-policy']).toBe(NON_DOCUMENT_CSP);
    expect(Object.keys(every)).toEqual(
      expect.arrayContaining([
        'content-security-policy',
        'cross-origin-resource-policy',
        'referrer-policy',
        'strict-transport-security',
        'x-content-type-options',
        'x-frame-options',
      ]),
    );
    // A page gets every header helmet sets, its policy included.
    expect({ ...every, ...pages }).toEqual(all);
  });
});
