import { describe, expect, it } from 'vitest';
import { revocationNotice } from './revocation';

const sent = { event: 'sent', at: '2027-03-01T10:00:00.000Z' } as const;
const shared = { event: 'shared', at: '2027-03-02T10:00:00.000Z' } as const;

describe('revocationNotice', () => {
  it('names the attorney and the day access was revoked', () => {
    expect(
      revocationNotice({
        attorneyName: 'Dana Whitfield',
        accessUntil: null,
        revokedAt: '2027-03-05T12:00:00.000Z',
        timeline: [sent, shared, { event: 'revoked', at: '2027-03-05T12:00:00.000Z' }],
      }),
    ).toEqual({
      title: 'Access revoked',
      text: "Dana Whitfield revoked your firm's access to this package on Mar 05, 2027.",
    });
  });

  it('names the access end date when the period ran out, whether or not the job has marked it yet', () => {
    const expected = {
      title: 'Access period ended',
      text: 'Dana Whitfield shared this package with access until Mar 03, 2027. That period has ended.',
    };
    // Read-time check: no revokedAt yet, the timeline ends the access at the end of that day.
    expect(
      revocationNotice({
        attorneyName: 'Dana Whitfield',
        accessUntil: '2027-03-03',
        revokedAt: null,
        timeline: [sent, shared, { event: 'expired', at: '2027-03-03T23:59:59.999Z' }],
      }),
    ).toEqual(expected);
    // The job marked it the next morning.
    expect(
      revocationNotice({
        attorneyName: 'Dana Whitfield',
        accessUntil: '2027-03-03',
        revokedAt: '2027-03-04T00:05:00.000Z',
        timeline: [sent, shared, { event: 'expired', at: '2027-03-04T00:05:00.000Z' }],
      }),
    ).toEqual(expected);
  });

  it('reads without a name when the attorney closed the account', () => {
    expect(
      revocationNotice({
        attorneyName: null,
        accessUntil: '2027-12-31',
        revokedAt: '2027-03-05T12:00:00.000Z',
        timeline: [sent, shared, { event: 'revoked', at: '2027-03-05T12:00:00.000Z' }],
      }).text,
    ).toBe("The attorney revoked your firm's access to this package on Mar 05, 2027.");
  });
});
