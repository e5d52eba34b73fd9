import { z } from 'zod';
import { AUTH_MESSAGES, emailField, passwordField, tokenField } from './auth';
import { singleLineText } from './form-fields';
import { LIMITS } from './limits';
import { CONFLICTS_STATUSES, FIRM_ROLES, TEAM_MESSAGES } from './team';

/** The bodies of the Team screens and their routes (PRODUCT.md §9); texts and roles live in team.ts. */

/** One or more roles, each once, from the list (a diversity officer who also reviews is a 409, not a 400). */
export const rolesField = z
  .array(z.enum(FIRM_ROLES, { error: TEAM_MESSAGES.roleUnknown }), { error: TEAM_MESSAGES.rolesRequired })
  .min(1, TEAM_MESSAGES.rolesRequired)
  .max(FIRM_ROLES.length, TEAM_MESSAGES.roleUnknown)
  .transform((roles) => FIRM_ROLES.filter((role) => roles.includes(role)));

export const inviteMemberSchema = z.object({ email: emailField, roles: rolesField });
export type InviteMemberInput = z.input<typeof inviteMemberSchema>;

export const memberRolesSchema = z.object({ roles: rolesField });

export const reviewersSchema = z.object({
  userIds: z
    .array(z.uuid({ error: TEAM_MESSAGES.notAssignable }), { error: TEAM_MESSAGES.notAssignable })
    .max(50, TEAM_MESSAGES.notAssignable),
});

export const conflictsQuerySchema = z.object({
  status: z.enum(CONFLICTS_STATUSES, { error: 'Choose Pending, Cleared or Issues found' }).optional(),
});

export const firmSettingsSchema = z.object({
  requireTwoFactor: z.boolean({ error: 'Choose on or off' }),
  acceptSelfIdentification: z.boolean({ error: 'Choose on or off' }),
});
export type FirmSettings = z.output<typeof firmSettingsSchema>;

const nameField = (required: string) =>
  singleLineText(z.string({ error: required }))
    .trim()
    .min(1, required)
    .max(LIMITS.nameMax, AUTH_MESSAGES.nameTooLong);

/**
 * POST /api/auth/accept-invitation: the mailed token; a new account's name and password, or the password of
 * the firm account (without a firm) that joins. Which is needed is answered by POST /api/auth/invitation.
 */
export const acceptInvitationSchema = z.object({
  token: tokenField,
  firstName: nameField(AUTH_MESSAGES.firstNameRequired).optional(),
  lastName: nameField(AUTH_MESSAGES.lastNameRequired).optional(),
  password: passwordField.optional(),
});
export type AcceptInvitationInput = z.input<typeof acceptInvitationSchema>;

export const invitationLookupSchema = z.object({ token: tokenField });

/** The accept screen's form: a new account's fields (the address is the invitation's). */
export const acceptInvitationFormSchema = z
  .object({
    firstName: nameField(AUTH_MESSAGES.firstNameRequired),
    lastName: nameField(AUTH_MESSAGES.lastNameRequired),
    password: passwordField,
    confirmPassword: z.string(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
