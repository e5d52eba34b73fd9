import { z } from 'zod';
import { AUTH_MESSAGES, emailField, passwordField } from './auth';
import { singleLineText, textRule } from './form-fields';
import { LIMITS } from './limits';
import { PROFILE_PRACTICE_AREAS } from './practice-areas';

export { FIRM_TOASTS } from './firm-toasts';

export const FIRM_MESSAGES = {
  firmNameRequired: 'Firm name is required',
  headquartersRequired: 'Headquarters address is required',
  contactPersonRequired: 'Contact person name is required',
  phoneRequired: 'Phone number is required',
  websiteInvalid: 'Please enter a valid URL (starting with http:// or https://)',
  percentMax: 'Must be at most 100',
  notNegative: 'Must be 0 or more',
  foundedRange: 'Enter a year between 1600 and this year',
  partnershipTiers: 'Partnership tiers must be 1, 2 or 3',
  bonusStructure: 'Choose performance, discretionary or hybrid',
  practiceArea: 'Choose practice areas from the list',
  salaryRange: 'The maximum must not be below the minimum',
  termsRequired: 'You must agree to the Terms of Service and Privacy Policy',
  tooLong: 'Too long',
  profileExists: 'A firm profile already exists.',
} as const;

export const BONUS_STRUCTURES = ['performance', 'discretionary', 'hybrid'] as const;
export const BONUS_STRUCTURE_LABELS: Record<(typeof BONUS_STRUCTURES)[number], string> = {
  performance: 'Performance-based',
  discretionary: 'Discretionary',
  hybrid: 'Hybrid',
};
export const PARTNERSHIP_TIERS = [1, 2, 3] as const;
export const PARTNERSHIP_TIER_LABELS: Record<(typeof PARTNERSHIP_TIERS)[number], string> = {
  1: 'Single tier',
  2: 'Two tiers',
  3: 'Three tiers',
};

const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/** Spec §5: number fields parse as integers (parseInt); what does not parse becomes unset. */
export function parseInteger(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? Math.trunc(value) : undefined;
  if (typeof value !== 'string') return undefined;
  const parsed = Number.parseInt(value.trim(), 10);
  return Number.isNaN(parsed) ? undefined : parsed;
}

const integerField = (opts: { max?: number; maxMessage?: string } = {}) =>
  z.preprocess(
    parseInteger,
    z
      .number()
      .int()
      .min(0, FIRM_MESSAGES.notNegative)
      .max(opts.max ?? 1_000_000_000, opts.maxMessage ?? FIRM_MESSAGES.tooLong)
      .optional(),
  );
const percentField = () => integerField({ max: 100, maxMessage: FIRM_MESSAGES.percentMax });
const text = (max: number = LIMITS.shortText) =>
  textRule(max, z.string()).trim().max(max, FIRM_MESSAGES.tooLong).optional();
const requiredText = (message: string, max: number = LIMITS.shortText) =>
  textRule(max, z.string({ error: message }))
    .trim()
    .min(1, message)
    .max(max, FIRM_MESSAGES.tooLong);

/** 'example.com' is what people type: without a scheme, https:// is added. */
export function normalizeWebsite(value: string): string {
  const v = value.trim();
  if (!v || /^[a-z][a-z0-9+.-]*:/i.test(v)) return v;
  return `https://${v.replace(/^\/+/, '')}`;
}

const websiteField = z.preprocess(
  (v) => (typeof v === 'string' ? blankToUndefined(normalizeWebsite(v)) : blankToUndefined(v)),
  z
    // A host with a dot and a top-level domain: 'notaurl' typed alone is not a firm's address.
    .url({ protocol: /^https?$/, hostname: z.regexes.domain, error: FIRM_MESSAGES.websiteInvalid })
    .max(LIMITS.shortText, FIRM_MESSAGES.tooLong)
    .optional(),
);

/** Spec §3 office: an attorney count that does not parse is 0 (spec §5). */
export const officeSchema = z.object({
  id: z.string().max(100).optional(),
  city: singleLineText().trim().max(LIMITS.shortText, FIRM_MESSAGES.tooLong).default(''),
  state: singleLineText().trim().max(LIMITS.shortText, FIRM_MESSAGES.tooLong).default(''),
  numberOfAttorneys: z.preprocess(
    (v) => parseInteger(v) ?? 0,
    z.number().int().min(0, FIRM_MESSAGES.notNegative).max(1_000_000, FIRM_MESSAGES.tooLong),
  ),
});
export type Office = z.output<typeof officeSchema>;
export const blankOffice = () => ({ city: '', state: '', numberOfAttorneys: 0 });
/** An office row left empty (no city, no state, no attorneys) is not an office: it is not saved. */
export const isBlankOffice = (o: Office) => !o.city && !o.state && !o.numberOfAttorneys;

const practiceAreasField = z
  .array(z.enum(PROFILE_PRACTICE_AREAS, { error: FIRM_MESSAGES.practiceArea }))
  .max(PROFILE_PRACTICE_AREAS.length)
  .default([]);

const foundedField = z.preprocess(
  parseInteger,
  z
    .number()
    .int()
    .min(1600, FIRM_MESSAGES.foundedRange)
    .max(new Date().getFullYear(), FIRM_MESSAGES.foundedRange)
    .optional(),
);

/** The fields the registration and the profile share (spec §3 firm profile). */
const firmDetailsShape = {
  firmName: requiredText(FIRM_MESSAGES.firmNameRequired),
  founded: foundedField,
  headquartersAddress: text(LIMITS.mediumText),
  website: websiteField,
  description: text(LIMITS.longText),
  totalAttorneys: integerField(),
  numberOfOffices: integerField(),
  totalStaff: integerField(),
  practiceAreas: practiceAreasField,
  contactPersonName: text(LIMITS.nameMax * 2),
  contactPersonTitle: text(),
  contactPhone: text(50),
  offices: z
    .array(officeSchema)
    .max(LIMITS.listMax)
    .default([])
    .transform((offices) => offices.filter((o) => !isBlankOffice(o))),
};

/** Spec 2.10 / §3: every field of the firm profile; Firm Name required, percentages at most 100. */
export const firmProfileSchema = z
  .object({
    ...firmDetailsShape,
    email: z.preprocess(blankToUndefined, emailField.optional()),
    partnershipTiers: z.preprocess(
      parseInteger,
      z
        .union([z.literal(1), z.literal(2), z.literal(3)], { error: FIRM_MESSAGES.partnershipTiers })
        .optional(),
    ),
    bonusStructure: z.preprocess(
      blankToUndefined,
      z.enum(BONUS_STRUCTURES, { error: FIRM_MESSAGES.bonusStructure }).optional(),
    ),
    associateSalaryMin: integerField(),
    associateSalaryMax: integerField(),
    partnerCompensationMin: integerField(),
    partnerCompensationMax: integerField(),
    partnershipRequirements: text(LIMITS.longText),
    genderDiversityFemale: percentField(),
    genderDiversityMale: percentField(),
    ethnicDiversity: percentField(),
  })
  .superRefine((v, ctx) => {
    const ranges = [
      ['associateSalaryMin', 'associateSalaryMax'],
      ['partnerCompensationMin', 'partnerCompensationMax'],
    ] as const;
    for (const [min, max] of ranges) {
      const lo = v[min];
      const hi = v[max];
      if (lo !== undefined && hi !== undefined && hi < lo)
        ctx.addIssue({ code: 'custom', message: FIRM_MESSAGES.salaryRange, path: [max] });
    }
  });
export type FirmProfileInput = z.input<typeof firmProfileSchema>;
export type FirmProfileValues = z.output<typeof firmProfileSchema>;

/** What GET /api/firm/profile answers: the profile with its offices (each with its id). */
export type FirmProfile = Omit<FirmProfileValues, 'offices'> & {
  userId: string;
  offices: (Office & { id: string })[];
  createdAt: string;
  updatedAt: string;
};

/**
 * Spec 2.7 / §5 / PRODUCT.md §2: POST /api/register/firm — account, firm profile and offices at once.
 * The e-mail address signs in and is the firm's contact address.
 */
export const firmRegistrationSchema = z.object({
  ...firmDetailsShape,
  headquartersAddress: requiredText(FIRM_MESSAGES.headquartersRequired, LIMITS.mediumText),
  contactPersonName: requiredText(FIRM_MESSAGES.contactPersonRequired, LIMITS.nameMax * 2),
  contactPhone: requiredText(FIRM_MESSAGES.phoneRequired, 50),
  email: emailField,
  password: passwordField,
  agreeToTerms: z.literal(true, { error: FIRM_MESSAGES.termsRequired }),
  /** The e-mailed invitation token, when the firm user registers through one (never for firms today). */
  invitationToken: z.string().max(200).optional(),
});
export type FirmRegistrationInput = z.input<typeof firmRegistrationSchema>;

/** The registration screen's form: the request plus Confirm Password, which is never sent. */
export const firmRegistrationFormSchema = firmRegistrationSchema
  .extend({
    confirmPassword: z.string(),
    agreeToTerms: z.boolean().refine((v) => v, FIRM_MESSAGES.termsRequired),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type FirmRegistrationFormValues = z.input<typeof firmRegistrationFormSchema>;

/** The fields each registration step holds: a failed submit returns to the first step with an error. */
export const FIRM_REGISTRATION_STEPS = [
  {
    title: 'Firm Details',
    fields: [
      'firmName',
      'founded',
      'headquartersAddress',
      'website',
      'description',
      'totalAttorneys',
      'numberOfOffices',
      'totalStaff',
      'offices',
      'practiceAreas',
    ],
  },
  {
    title: 'Contact Info',
    fields: [
      'contactPersonName',
      'contactPersonTitle',
      'email',
      'contactPhone',
      'password',
      'confirmPassword',
    ],
  },
  { title: 'Account Setup', fields: ['agreeToTerms'] },
] as const;

/** PRODUCT.md §4 stat cards. */
export type FirmDashboardStats = {
  invitationsSent: number;
  pending: number;
  shared: number;
  underReview: number;
  declined: number;
  /** PRODUCT.md §15: shared, updated or submitted since a member last opened it (the list's new=true). */
  newSinceLastVisit: number;
  /** Assigned to me, shared, not yet marked (reviewers; 0 otherwise). */
  waitingOnMe: number;
  /** Shared requests whose conflicts check waits (conflicts members; 0 otherwise). */
  conflictsWaiting: number;
  /** Issue 64 item 6: which of the three counts stopped at COUNT_CAP (shared/firm-pipeline.ts): more matched. */
  capped: Record<PipelineCountKey, boolean>;
};
export type PipelineCountKey = 'newSinceLastVisit' | 'waitingOnMe' | 'conflictsWaiting';
