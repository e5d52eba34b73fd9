import { z } from 'zod';
import { optionalBoolean, optionalText } from './form-fields';
import { LIMITS } from './limits';

/** The master LPQ's disclosures step (spec §3): Yes/No flags, each explained when Yes, and free text. */
const M = LIMITS.mediumText;

/**
 * Spec §3: the fifteen disclosure flags, each with the question the form asks and, in the style of the
 * spec's 'Please explain …' messages, what a Yes without its explanation is told.
 */
export const DISCLOSURE_FLAGS = [
  [
    'participatedInConflictingMatter',
    'Have you participated in any matter that could present a conflict with the firm?',
    'Please explain the conflicting matter',
  ],
  [
    'administrativeProceeding',
    'Have you been the subject of any administrative or disciplinary proceeding?',
    'Please explain the proceeding',
  ],
  [
    'disbarredOrDenied',
    'Have you ever been disbarred, suspended, or denied admission to any bar?',
    'Please explain the disbarment, suspension or denial',
  ],
  [
    'rule11Sanctions',
    'Have you been subject to Rule 11 or similar sanctions?',
    'Please explain the sanctions',
  ],
  [
    'malpracticeClaim',
    'Has a malpractice claim ever been made against you?',
    'Please explain the malpractice claim',
  ],
  [
    'clientClaim',
    'Has any client made a claim or complaint against you?',
    'Please explain the client claim or complaint',
  ],
  [
    'insuranceDecline',
    'Has any malpractice insurer declined or cancelled your coverage?',
    'Please explain the declined or cancelled coverage',
  ],
  [
    'breachCircumstances',
    'Are you aware of any circumstances that could give rise to a claim of breach of duty?',
    'Please explain the circumstances',
  ],
  [
    'harassmentComplaint',
    'Have you been the subject of a harassment or discrimination complaint?',
    'Please explain the complaint',
  ],
  [
    'nonCompete',
    'Are you subject to a non-compete or non-solicitation agreement?',
    'Please explain the agreement',
  ],
  ['failedTaxReturns', 'Have you failed to file any tax returns?', 'Please explain the unfiled tax returns'],
  ['taxLien', 'Has a tax lien ever been filed against you?', 'Please explain the tax lien'],
  [
    'directorOfficer',
    'Do you serve as a director or officer of any organisation?',
    'Please explain the positions you hold',
  ],
  [
    'financialIssues',
    'Have you had bankruptcy or other significant financial issues?',
    'Please explain the financial issues',
  ],
  [
    'unableToPerform',
    'Is there anything that could prevent you from performing your duties?',
    'Please explain what could prevent you',
  ],
] as const;
export type DisclosureFlag = (typeof DISCLOSURE_FLAGS)[number][0];
export const explanationKey = (flag: DisclosureFlag) => `${flag}Explanation` as const;

/** Spec §3 disclosures UI text fields (nonCompete is the flag above, explained in nonCompeteExplanation). */
export const DISCLOSURE_TEXT_FIELDS = [
  ['disciplinaryActions', 'Disciplinary Actions'],
  ['litigation', 'Litigation'],
  ['malpracticeInsurance', 'Malpractice Insurance'],
  ['conflicts', 'Conflicts'],
  ['references', 'References'],
] as const;

const disclosureShape: Record<string, z.ZodType> = {};
for (const [flag] of DISCLOSURE_FLAGS) {
  disclosureShape[flag] = optionalBoolean();
  disclosureShape[explanationKey(flag)] = optionalText(M);
}
for (const [field] of DISCLOSURE_TEXT_FIELDS) disclosureShape[field] = optionalText(M);

type DisclosuresShape = { [K in DisclosureFlag]?: boolean } & {
  [K in DisclosureFlag as `${K}Explanation`]?: string;
} & { [K in (typeof DISCLOSURE_TEXT_FIELDS)[number][0]]?: string };

/**
 * Each flag is true (Yes), false (No) or absent (not answered yet). A Yes without its explanation may be
 * saved as a draft; the template is not complete until it is explained (see missingAnswers).
 */
export const disclosuresSchema = z.object(disclosureShape) as unknown as z.ZodType<
  DisclosuresShape,
  DisclosuresShape
>;
