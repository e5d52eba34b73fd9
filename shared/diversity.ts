import { z } from 'zod';
import { YEARS_OF_SERVICE_MAX } from './attorney';
import { FIELD_MESSAGES, optionalDate, optionalText, requiredDate } from './form-fields';
import { LIMITS } from './limits';

/** Spec §3 diversity form option lists (the form's own spellings) and their labels. */
export const DIVERSITY_GENDERS = ['male', 'female', 'non-binary', 'decline'] as const;
export const DIVERSITY_GENDER_LABELS: Record<(typeof DIVERSITY_GENDERS)[number], string> = {
  male: 'Male',
  female: 'Female',
  'non-binary': 'Non-binary',
  decline: 'I decline to self-identify',
};

export const RACE_ETHNICITIES = [
  'asian',
  'black-african',
  'caucasian',
  'native-american',
  'hispanic-latino',
  'native-hawaiian-pacific',
  'two-or-more-races',
  'decline',
] as const;
export type RaceEthnicity = (typeof RACE_ETHNICITIES)[number];
export const RACE_ETHNICITY_LABELS: Record<RaceEthnicity, string> = {
  asian: 'Asian',
  'black-african': 'Black or African American',
  caucasian: 'White / Caucasian',
  'native-american': 'American Indian or Alaska Native',
  'hispanic-latino': 'Hispanic or Latino',
  'native-hawaiian-pacific': 'Native Hawaiian or Other Pacific Islander',
  'two-or-more-races': 'Two or more races',
  decline: 'I decline to self-identify',
};

export const LGBTQIA_OPTIONS = ['yes', 'no', 'decline'] as const;
export const LGBTQIA_LABELS: Record<(typeof LGBTQIA_OPTIONS)[number], string> = {
  yes: 'Yes, I identify as LGBTQIA+',
  no: 'No',
  decline: 'I decline to self-identify',
};

export const VETERAN_STATUSES = ['no-military', 'veteran-active', 'decline'] as const;
export const VETERAN_STATUS_LABELS: Record<(typeof VETERAN_STATUSES)[number], string> = {
  'no-military': 'I have not served in the military',
  'veteran-active': 'I am a veteran or currently serving',
  decline: 'I decline to self-identify',
};

export const DISABILITY_OPTIONS = ['yes', 'no', 'decline'] as const;
export const DISABILITY_LABELS: Record<(typeof DISABILITY_OPTIONS)[number], string> = {
  yes: 'Yes, I have a disability',
  no: 'No, I do not have a disability',
  decline: 'I decline to self-identify',
};

/** Spec §5, verbatim. */
export const DIVERSITY_MESSAGES = {
  dateRequired: 'Date is required',
  gender: 'Please select a gender option',
  raceEthnicity: 'Please select a race/ethnicity option',
  lgbtqia: 'Please select a sexual orientation option',
  veteranStatus: 'Please select a veteran status option',
  disability: 'Please select a disability status option',
  authorization: 'You must agree to the authorization statement',
  raceDeclineNote:
    'If you decline to self-identify, the firm may be required to determine your race or ethnicity visually or from other information.',
} as const;

/** Years of service: a number; a form's text input may send digits as a string. */
const yearsOfServiceField = () =>
  z.preprocess(
    (v) => (v === '' ? null : typeof v === 'string' && /^\d+$/.test(v.trim()) ? Number(v) : v),
    z
      .number({ error: `Years of service must be between 0 and ${YEARS_OF_SERVICE_MAX}` })
      .int()
      .min(0)
      .max(YEARS_OF_SERVICE_MAX)
      .nullable()
      .optional(),
  );

/**
 * The diversity form (spec §3/§5). Veteran details count only for veteran-active, accommodation details
 * only for a disability with accommodations: otherwise they are dropped.
 */
export const diversityFormSchema = z
  .object({
    date: requiredDate(DIVERSITY_MESSAGES.dateRequired),
    gender: z.enum(DIVERSITY_GENDERS, { error: DIVERSITY_MESSAGES.gender }),
    raceEthnicity: z.enum(RACE_ETHNICITIES, { error: DIVERSITY_MESSAGES.raceEthnicity }),
    isMENA: z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).default(false),
    lgbtqia: z.enum(LGBTQIA_OPTIONS, { error: DIVERSITY_MESSAGES.lgbtqia }),
    veteranStatus: z.enum(VETERAN_STATUSES, { error: DIVERSITY_MESSAGES.veteranStatus }),
    veteranBranch: optionalText(LIMITS.shortText),
    veteranRank: optionalText(LIMITS.shortText),
    veteranYearsOfService: yearsOfServiceField(),
    veteranDischargeDate: optionalDate(),
    disability: z.enum(DISABILITY_OPTIONS, { error: DIVERSITY_MESSAGES.disability }),
    needsAccommodations: z.boolean({ error: FIELD_MESSAGES.invalidBoolean }).default(false),
    accommodationDetails: optionalText(LIMITS.mediumText),
    authorizationAgreement: z
      .boolean({ error: DIVERSITY_MESSAGES.authorization })
      .refine((v) => v, DIVERSITY_MESSAGES.authorization),
  })
  .transform((form) => {
    const veteran = form.veteranStatus === 'veteran-active';
    const needsAccommodations = form.disability === 'yes' && form.needsAccommodations;
    return {
      ...form,
      veteranBranch: veteran ? form.veteranBranch : undefined,
      veteranRank: veteran ? form.veteranRank : undefined,
      veteranYearsOfService: veteran ? form.veteranYearsOfService : undefined,
      veteranDischargeDate: veteran ? form.veteranDischargeDate : undefined,
      needsAccommodations,
      accommodationDetails: needsAccommodations ? form.accommodationDetails : undefined,
    };
  });
export type DiversityFormInput = z.input<typeof diversityFormSchema>;
export type DiversityFormBody = z.output<typeof diversityFormSchema>;

/** GET /api/attorney/diversity-form: the stored record (which the profile also edits). */
export type DiversityForm = Partial<DiversityFormBody> & { submittedAt: string | null; updatedAt: string };
