import { z } from 'zod';
import { AUTH_MESSAGES, emailField, passwordField, registerSchema } from './auth';
import {
  FIELD_MESSAGES,
  isIsoDateOrDateTime,
  list,
  optionalNumber,
  optionalText,
  requiredText,
  singleLineText,
} from './form-fields';
import { LIMITS } from './limits';

/** Spec §3 attorney profile option lists, with the labels the screens show. */
export const POSITIONS = ['associate', 'senior_associate', 'counsel', 'partner', 'senior_partner'] as const;
export type Position = (typeof POSITIONS)[number];
export const POSITION_LABELS: Record<Position, string> = {
  associate: 'Associate',
  senior_associate: 'Senior Associate',
  counsel: 'Counsel',
  partner: 'Partner',
  senior_partner: 'Senior Partner',
};

export const PROFILE_GENDERS = ['male', 'female', 'non_binary', 'decline'] as const;
export type ProfileGender = (typeof PROFILE_GENDERS)[number];
export const PROFILE_GENDER_LABELS: Record<ProfileGender, string> = {
  male: 'Male',
  female: 'Female',
  non_binary: 'Non-binary',
  decline: 'Prefer not to say',
};

export const PROFILE_ETHNICITIES = [
  'asian',
  'black',
  'caucasian',
  'hispanic',
  'native_american',
  'pacific_islander',
  'two_or_more',
  'decline',
] as const;
export type ProfileEthnicity = (typeof PROFILE_ETHNICITIES)[number];
export const PROFILE_ETHNICITY_LABELS: Record<ProfileEthnicity, string> = {
  asian: 'Asian',
  black: 'Black or African American',
  caucasian: 'White / Caucasian',
  hispanic: 'Hispanic or Latino',
  native_american: 'Native American or Alaska Native',
  pacific_islander: 'Native Hawaiian or Pacific Islander',
  two_or_more: 'Two or more races',
  decline: 'Prefer not to say',
};

/** Spec §9 ranges. The graduation year's upper bound moves with the calendar. */
export const maxGraduationYear = () => new Date().getFullYear() + LIMITS.graduationYearAhead;
export const YEARS_OF_SERVICE_MAX = 60;

export const PROFILE_MESSAGES = {
  yearsExperienceRange: `Years of experience must be between ${LIMITS.yearsExperienceMin} and ${LIMITS.yearsExperienceMax}`,
  graduationYearRange: () =>
    `Graduation year must be between ${LIMITS.graduationYearMin} and ${maxGraduationYear()}`,
  yearsOfServiceRange: `Years of service must be between 0 and ${YEARS_OF_SERVICE_MAX}`,
  invalidPosition: 'Please select a position',
  invalidGender: 'Please select a gender option',
  invalidEthnicity: 'Please select a race/ethnicity option',
  invalidDischargeDate: 'Enter a valid discharge date',
  phoneRequired: 'Phone number is required',
  profileExists: 'A profile already exists. Use PUT to update it.',
} as const;

export const yearsExperienceField = () =>
  optionalNumber({
    int: true,
    min: LIMITS.yearsExperienceMin,
    max: LIMITS.yearsExperienceMax,
    message: PROFILE_MESSAGES.yearsExperienceRange,
  });

// The message is built at parse time so a long-running server follows the calendar.
export const graduationYearField = () =>
  z
    .number({ error: () => PROFILE_MESSAGES.graduationYearRange() })
    .int()
    .refine((y) => y >= LIMITS.graduationYearMin && y <= maxGraduationYear(), {
      error: () => PROFILE_MESSAGES.graduationYearRange(),
    })
    .nullable()
    .optional();

/** Free-text or nullable enum: null clears the value. */
const nullableEnum = <T extends readonly [string, ...string[]]>(values: T, message: string) =>
  z.enum(values, { error: message }).nullable().optional();

const practiceAreasField = () =>
  list(
    singleLineText(z.string({ error: FIELD_MESSAGES.invalidText }))
      .trim()
      .min(1)
      .max(LIMITS.shortText),
    LIMITS.listMax,
  ).transform((areas) => [...new Set(areas)]);

/** Discharge date: an ISO string (date or date-time); stored as its calendar day. */
const dischargeDateField = () =>
  z
    .string({ error: PROFILE_MESSAGES.invalidDischargeDate })
    .max(40, PROFILE_MESSAGES.invalidDischargeDate)
    .refine((v) => v === '' || isIsoDateOrDateTime(v), PROFILE_MESSAGES.invalidDischargeDate)
    .nullable()
    .optional();

const nullableText = (max: number) => optionalText(max).unwrap().nullable().optional();

/**
 * The attorney profile body (spec §3, PRODUCT.md §6). Every field is optional: an absent field keeps
 * its stored value, null clears it. userId and other unknown keys are ignored.
 */
export const attorneyProfileSchema = z.object({
  phone: nullableText(LIMITS.shortText),
  currentFirm: nullableText(LIMITS.shortText),
  position: nullableEnum(POSITIONS, PROFILE_MESSAGES.invalidPosition),
  yearsExperience: yearsExperienceField(),
  lawSchool: nullableText(LIMITS.shortText),
  graduationYear: graduationYearField(),
  barAdmissions: nullableText(LIMITS.mediumText),
  practiceAreas: practiceAreasField().optional(),
  resumeUrl: nullableText(500),
  gender: nullableEnum(PROFILE_GENDERS, PROFILE_MESSAGES.invalidGender),
  ethnicity: nullableEnum(PROFILE_ETHNICITIES, PROFILE_MESSAGES.invalidEthnicity),
  isLgbtqia: z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).nullable().optional(),
  isVeteran: z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).nullable().optional(),
  hasDisability: z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).nullable().optional(),
  militaryBranch: nullableText(LIMITS.shortText),
  militaryRank: nullableText(LIMITS.shortText),
  yearsOfService: optionalNumber({
    int: true,
    min: 0,
    max: YEARS_OF_SERVICE_MAX,
    message: PROFILE_MESSAGES.yearsOfServiceRange,
  }),
  dischargeDate: dischargeDateField(),
});
export type AttorneyProfileInput = z.input<typeof attorneyProfileSchema>;
export type AttorneyProfileBody = z.output<typeof attorneyProfileSchema>;

/** What GET /api/attorney/profile answers. */
export type AttorneyProfile = {
  userId: string;
  phone: string | null;
  currentFirm: string | null;
  position: Position | null;
  yearsExperience: number | null;
  lawSchool: string | null;
  graduationYear: number | null;
  barAdmissions: string | null;
  practiceAreas: string[];
  resumeUrl: string | null;
  gender: ProfileGender | null;
  ethnicity: ProfileEthnicity | null;
  isLgbtqia: boolean | null;
  isVeteran: boolean | null;
  hasDisability: boolean | null;
  militaryBranch: string | null;
  militaryRank: string | null;
  yearsOfService: number | null;
  dischargeDate: string | null;
  createdAt: string;
  updatedAt: string;
};

/** The attorney profile's own fields (spec §3), stored as columns; self-identification is kept apart. */
export const PROFILE_FIELDS = [
  'phone',
  'currentFirm',
  'position',
  'yearsExperience',
  'lawSchool',
  'graduationYear',
  'barAdmissions',
  'practiceAreas',
  'resumeUrl',
] as const satisfies readonly (keyof AttorneyProfile)[];

/** The profile fields that make up Profile Completion (PRODUCT.md §5): all of them; self-identification is voluntary. */
export const PROFILE_COMPLETION_FIELDS = PROFILE_FIELDS;

/** Spec 2.6 + PRODUCT.md §2: account, password and the first profile fields, sent at once. */
export const attorneyRegistrationSchema = z.object({
  firstName: registerSchema.shape.firstName,
  lastName: registerSchema.shape.lastName,
  email: emailField,
  phone: requiredText(PROFILE_MESSAGES.phoneRequired, LIMITS.shortText),
  password: passwordField,
  currentFirm: nullableText(LIMITS.shortText),
  position: nullableEnum(POSITIONS, PROFILE_MESSAGES.invalidPosition),
  yearsExperience: yearsExperienceField(),
  lawSchool: nullableText(LIMITS.shortText),
  graduationYear: graduationYearField(),
  barAdmissions: nullableText(LIMITS.mediumText),
  practiceAreas: practiceAreasField().optional(),
  /** From the invitation e-mail's link: registering with it verifies the invited address. */
  invitationToken: registerSchema.shape.invitationToken,
});
export type AttorneyRegistrationInput = z.input<typeof attorneyRegistrationSchema>;

/** PRODUCT.md §5 dashboard numbers. */
export type AttorneyDashboardStats = {
  lpqCompletion: number;
  pendingRequests: number;
  sharedDocuments: number;
  profileCompletion: number;
  /** Which of the forms beside the master LPQ are saved (the diversity form: submitted). */
  savedForms: { conflictsForm: boolean; businessPlan: boolean; diversityForm: boolean };
};

/** One line of Recent Activity (GET /api/attorney/activity), newest first. */
export type ActivityItem = { id: string; kind: string; title: string; createdAt: string };

/** The activity kinds the attorney's own saves write, with the title each shows. */
export const ATTORNEY_ACTIVITY = {
  accountCreated: { kind: 'account_created', title: 'Account created' },
  profileUpdated: { kind: 'profile_updated', title: 'Profile updated' },
  masterLpqUpdated: { kind: 'master_lpq_updated', title: 'Master LPQ updated' },
  masterLpqCompleted: { kind: 'master_lpq_completed', title: 'Master LPQ completed' },
  conflictsFormCompleted: { kind: 'conflicts_form_completed', title: 'Conflicts form completed' },
  diversityFormSubmitted: { kind: 'diversity_form_submitted', title: 'Diversity form submitted' },
  businessPlanSaved: { kind: 'business_plan_saved', title: 'Business plan saved' },
  onboardingCompleted: { kind: 'onboarding_completed', title: 'Onboarding completed' },
} as const;

/**
 * GET /api/attorney/onboarding and POST /api/attorney/onboarding/complete: when the attorney reached the
 * end of the onboarding wizard. Until then sign-in lands on onboarding, afterwards on the dashboard
 * (PRODUCT.md §2).
 */
export type OnboardingStatus = { completedAt: string | null };

/** The registration screen's form: the body plus Confirm Password, which must match (PRODUCT.md §2). */
export const attorneyRegistrationFormSchema = attorneyRegistrationSchema
  .extend({ confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type AttorneyRegistrationFormValues = z.input<typeof attorneyRegistrationFormSchema>;

/** Spec §3: the onboarding wizard's current employment types. */
export const ONBOARDING_EMPLOYMENT_TYPES = [
  'equity_partner',
  'non_equity_partner',
  'counsel',
  'senior_associate',
  'associate',
] as const;
export type OnboardingEmploymentType = (typeof ONBOARDING_EMPLOYMENT_TYPES)[number];
export const ONBOARDING_EMPLOYMENT_TYPE_LABELS: Record<OnboardingEmploymentType, string> = {
  equity_partner: 'Equity Partner',
  non_equity_partner: 'Non-Equity Partner',
  counsel: 'Counsel',
  senior_associate: 'Senior Associate',
  associate: 'Associate',
};

/**
 * Spec 2.5: the onboarding wizard's values. Nothing is required (spec §5); the profile fields keep the
 * profile's ranges, the master LPQ fields its lengths.
 */
export const onboardingSchema = attorneyProfileSchema
  .pick({
    phone: true,
    currentFirm: true,
    position: true,
    yearsExperience: true,
    lawSchool: true,
    graduationYear: true,
    barAdmissions: true,
    practiceAreas: true,
  })
  .extend({
    personalSummary: optionalText(LIMITS.longText),
    employmentType: z
      .enum(ONBOARDING_EMPLOYMENT_TYPES, { error: 'Please select an employment type' })
      .nullable()
      .optional(),
    compensationExpectations: optionalText(LIMITS.mediumText),
    clientPortability: optionalText(LIMITS.mediumText),
    supportNeeded: optionalText(LIMITS.mediumText),
    references: optionalText(LIMITS.mediumText),
  });
export type OnboardingValues = z.input<typeof onboardingSchema>;
