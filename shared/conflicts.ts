import { z } from 'zod';
import { list, optionalText, requiredDate, requiredText } from './form-fields';
import { formatMoney } from './format';
import { LIMITS } from './limits';
import type { MasterLpqBody } from './master-lpq';

/** Spec §5 conflicts form messages, verbatim. */
export const CONFLICTS_MESSAGES = {
  attorneyName: 'Attorney name is required',
  date: 'Date is required',
  firmName: 'Firm name is required',
  clientName: 'Client name is required',
  businessDescription: 'Business description is required',
  relationshipStartDate: 'Relationship start date is required',
  typesOfWork: 'Types of work is required',
  relationshipDates: 'Relationship dates are required',
  certification: 'You must agree to the certification',
} as const;

const S = LIMITS.shortText;
const M = LIMITS.mediumText;

/** Annual billings: free text ("$250,000"); a number is kept as its digits. */
const annualBillingsField = () =>
  z.preprocess((v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : v), optionalText(S));

export const currentClientSchema = z.object({
  clientName: requiredText(CONFLICTS_MESSAGES.clientName, S),
  businessDescription: requiredText(CONFLICTS_MESSAGES.businessDescription, M),
  relationshipStartDate: requiredDate(CONFLICTS_MESSAGES.relationshipStartDate),
  typesOfWork: requiredText(CONFLICTS_MESSAGES.typesOfWork, M),
  annualBillings: annualBillingsField(),
  keyContacts: optionalText(M),
});

export const formerClientSchema = z.object({
  clientName: requiredText(CONFLICTS_MESSAGES.clientName, S),
  businessDescription: requiredText(CONFLICTS_MESSAGES.businessDescription, M),
  relationshipDates: requiredText(CONFLICTS_MESSAGES.relationshipDates, S),
  typesOfWork: requiredText(CONFLICTS_MESSAGES.typesOfWork, M),
  reasonForEnding: optionalText(M),
});

/** PUT /api/attorney/conflicts-form: the whole form (spec §3), validated as submitted. */
export const conflictsFormSchema = z.object({
  attorneyName: requiredText(CONFLICTS_MESSAGES.attorneyName, S),
  date: requiredDate(CONFLICTS_MESSAGES.date),
  firmName: requiredText(CONFLICTS_MESSAGES.firmName, S),
  currentClients: list(currentClientSchema, LIMITS.listMax).default([]),
  formerClients: list(formerClientSchema, LIMITS.listMax).default([]),
  personalRelationships: z
    .object({
      familyConnections: optionalText(M),
      boardPositions: optionalText(M),
      investmentInterests: optionalText(M),
      otherProfessionalRelationships: optionalText(M),
    })
    .default({}),
  potentialConflicts: optionalText(LIMITS.longText),
  additionalInformation: optionalText(LIMITS.longText),
  // A box that starts unticked: a boolean that must be true, so the form can hold false until it is ticked.
  certificationAgreement: z
    .boolean({ error: CONFLICTS_MESSAGES.certification })
    .refine((v) => v, CONFLICTS_MESSAGES.certification),
});
export type ConflictsFormInput = z.input<typeof conflictsFormSchema>;
export type ConflictsFormBody = z.output<typeof conflictsFormSchema>;
export type ConflictsForm = ConflictsFormBody & { updatedAt: string };
export type CurrentClientInput = z.input<typeof currentClientSchema>;

/**
 * Spec §4: what the master LPQ contributes to the conflicts form — the attorney's name, current clients
 * from the top clients (annual billings from ytd collections, else last year's), and a note on the
 * current employer and the reason for leaving.
 */
export function conflictsFromMasterLpq(lpq: Partial<MasterLpqBody>) {
  const currentClients = (lpq.clientsInfo?.topClients ?? [])
    .filter((c) => c.clientName?.trim())
    .map((c) => {
      const billings = c.ytdCollections ?? c.lastYearCollections;
      return {
        clientName: c.clientName ?? '',
        businessDescription: '',
        relationshipStartDate: '',
        typesOfWork: '',
        // Free text in the form: the figure as a person writes it ($1,150,000), by the one money formatter.
        annualBillings: formatMoney(billings, ''),
        keyContacts: '',
      };
    });
  const employer = lpq.currentEmployment?.employerName?.trim();
  const reason = lpq.currentEmployment?.reasonForDeparture?.trim();
  const notes = [
    employer ? `Current employer: ${employer}.` : '',
    reason ? `Reason for departure: ${reason}` : '',
  ].filter(Boolean);
  return {
    attorneyName: lpq.generalInfo?.name ?? '',
    currentClients,
    potentialConflicts: notes.join('\n'),
  };
}
