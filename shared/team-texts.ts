// The Team, Settings and Join screens' texts (PRODUCT.md §9) that the server never sends: toasts, the
// firm's audit trail as people read it, and the states of a page a member's roles do not open. A plain
// module (no zod), like team.ts, so the firm's pages show them with their first code.

import { FIRM_ROLES, type FirmRole, roleNames } from './team';
import type { ToastText } from './texts';

export const TEAM_TOASTS = {
  invited: { title: 'Invitation sent', message: 'They will receive an email with a link valid for 7 days.' },
  invitationResent: {
    title: 'Invitation resent',
    message: 'A new link was emailed; the old one no longer works.',
  },
  invitationCancelled: { title: 'Invitation cancelled', message: 'Its link no longer works.' },
  rolesChanged: { title: 'Roles changed', message: 'The member was emailed their new roles.' },
  memberRemoved: {
    title: 'Member removed',
    message: 'They were signed out and no longer see the firm’s requests.',
  },
  settingsSaved: { title: 'Settings saved', message: 'The change is in the firm’s audit trail.' },
  joined: { title: 'Welcome to the team', message: 'You are signed in.' },
  failed: { title: 'Error', message: 'That did not work. Please try again.' },
} as const satisfies Record<string, ToastText>;

export const ACCESS_TEXTS = {
  noAccessTitle: 'You do not have access to this page',
  noAccessBody: (roles: readonly FirmRole[]) =>
    roles.length
      ? `Your roles at your firm (${roleNames(roles)}) do not include this page. Ask an admin of your firm if you need it.`
      : 'Your roles at your firm do not include this page. Ask an admin of your firm if you need it.',
  noFirmTitle: 'You are not part of a firm',
} as const;

/** The firm settings as the Settings screen and the audit trail name them. */
export const FIRM_SETTING_LABELS: Record<string, string> = {
  requireTwoFactor: 'Require two-step sign-in',
  acceptSelfIdentification: 'Receive self-identification data',
};

export const FIRM_SETTING_DESCRIPTIONS = {
  requireTwoFactor:
    'Every member must turn on an authenticator app or a passkey. Until they do, they can only open their account security page.',
  acceptSelfIdentification:
    'Attorneys may share their voluntary self-identification form with your diversity officers. Off: the share dialog tells them your firm does not receive it.',
} as const;

export type FirmAuditEvent = {
  actorName: string;
  action: string;
  subject: string | null;
  detail: Record<string, unknown> | null;
};

const rolesIn = (value: unknown): FirmRole[] =>
  Array.isArray(value) ? FIRM_ROLES.filter((role) => value.includes(role)) : [];

const roleList = (value: unknown) => roleNames(rolesIn(value)) || 'no roles';

const onOff = (value: unknown) => (value === true ? 'on' : 'off');

/**
 * One line of the firm's audit trail (GET /api/firm/audit) as a sentence: who did what to whom. An action
 * this screen does not know yet still reads as its name, never as nothing.
 */
export function describeFirmAuditEvent(event: FirmAuditEvent): string {
  const who = event.actorName || 'Someone';
  const subject = event.subject ?? 'a member';
  const detail = event.detail ?? {};
  switch (event.action) {
    case 'member_invited':
      return `${who} invited ${subject} as ${roleList(detail.roles)}`;
    case 'invitation_resent':
      return `${who} resent the invitation to ${subject}`;
    case 'invitation_cancelled':
      return `${who} cancelled the invitation to ${subject}`;
    case 'member_joined':
      return `${who} (${subject}) joined as ${roleList(detail.roles)}`;
    case 'roles_changed':
      return `${who} changed the roles of ${subject} from ${roleList(detail.from)} to ${roleList(detail.to)}`;
    case 'member_removed':
      return `${who} removed ${subject} (${roleList(detail.roles)})`;
    case 'setting_changed': {
      const setting = (event.subject && FIRM_SETTING_LABELS[event.subject]) ?? event.subject ?? 'a setting';
      return `${who} turned ${onOff(detail.to)} ‘${setting}’`;
    }
    // PRODUCT.md §12: the firm's own figures; the firm's audit is the firm's, never the attorney's.
    case 'business_case_assumptions_changed':
      return `${who} changed the business-case assumptions of ${event.subject ?? 'a request'}`;
    // PRODUCT.md §14: the provider, its domains and whether members must use it.
    case 'sso_changed':
      return `${who} changed the single sign-on settings`;
    case 'business_case_defaults_changed':
      return `${who} changed the firm’s default business-case assumptions`;
    // PRODUCT.md §14: the firm's own systems.
    case 'api_token_created':
      return `${who} created the API token ‘${subject}’ (${Array.isArray(detail.scopes) ? detail.scopes.join(', ') : 'no scopes'})`;
    case 'api_token_revoked':
      return `${who} revoked the API token ‘${subject}’`;
    case 'webhook_created':
      return `${who} added the webhook ${subject}`;
    case 'webhook_deleted':
      return `${who} deleted the webhook ${subject}`;
    default:
      return `${who}: ${event.action.replaceAll('_', ' ')}${event.subject ? ` (${event.subject})` : ''}`;
  }
}
