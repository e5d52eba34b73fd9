import { describe, expect, it } from 'vitest';
import { describeFirmAuditEvent } from './team-texts';

const event = (action: string, subject: string | null, detail: Record<string, unknown> | null = null) => ({
  actorName: 'Morgan Vale',
  action,
  subject,
  detail,
});

describe('describeFirmAuditEvent: the firm’s audit trail as sentences', () => {
  it('names who invited whom, as what', () => {
    expect(
      describeFirmAuditEvent(event('member_invited', 'dana@x.com', { roles: ['reviewer', 'admin'] })),
    ).toBe('Morgan Vale invited dana@x.com as Admin, Reviewer');
    expect(describeFirmAuditEvent(event('invitation_resent', 'dana@x.com'))).toBe(
      'Morgan Vale resent the invitation to dana@x.com',
    );
    expect(describeFirmAuditEvent(event('invitation_cancelled', 'dana@x.com'))).toBe(
      'Morgan Vale cancelled the invitation to dana@x.com',
    );
  });

  it('says who joined, whose roles changed from what to what, and who was removed', () => {
    expect(
      describeFirmAuditEvent({
        ...event('member_joined', 'dana@x.com', { roles: ['conflicts'] }),
        actorName: 'Dana Reed',
      }),
    ).toBe('Dana Reed (dana@x.com) joined as Conflicts');
    expect(
      describeFirmAuditEvent(event('roles_changed', 'dana@x.com', { from: ['reviewer'], to: ['diversity'] })),
    ).toBe('Morgan Vale changed the roles of dana@x.com from Reviewer to Diversity officer');
    expect(describeFirmAuditEvent(event('member_removed', 'dana@x.com', { roles: ['reviewer'] }))).toBe(
      'Morgan Vale removed dana@x.com (Reviewer)',
    );
  });

  it('names a setting and whether it was turned on or off', () => {
    expect(
      describeFirmAuditEvent(event('setting_changed', 'requireTwoFactor', { from: false, to: true })),
    ).toBe('Morgan Vale turned on ‘Require two-step sign-in’');
    expect(
      describeFirmAuditEvent(event('setting_changed', 'acceptSelfIdentification', { from: true, to: false })),
    ).toBe('Morgan Vale turned off ‘Receive self-identification data’');
  });

  it('says who changed business-case assumptions, of which request or the firm’s defaults (PRODUCT.md §12)', () => {
    expect(
      describeFirmAuditEvent(
        event('business_case_assumptions_changed', 'Senior Associate — Casey Nguyen', {
          to: { haircut: 0.4 },
        }),
      ),
    ).toBe('Morgan Vale changed the business-case assumptions of Senior Associate — Casey Nguyen');
    expect(describeFirmAuditEvent(event('business_case_defaults_changed', null))).toBe(
      'Morgan Vale changed the firm’s default business-case assumptions',
    );
  });

  it('still reads an action it does not know, and a detail that is missing or malformed', () => {
    expect(describeFirmAuditEvent(event('profile_updated', null))).toBe('Morgan Vale: profile updated');
    expect(describeFirmAuditEvent(event('member_invited', 'x@y.com', { roles: 'admin' }))).toBe(
      'Morgan Vale invited x@y.com as no roles',
    );
    expect(describeFirmAuditEvent(event('member_removed', null))).toBe(
      'Morgan Vale removed a member (no roles)',
    );
  });
});
