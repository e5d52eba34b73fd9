import { z } from 'zod';
import { isCleanText, isoDateString, list, optionalText, requiredDate, requiredText } from './form-fields';
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
  // PRODUCT.md §13: the matters of the conflicts form.
  matterClientName: 'Client name is required',
  matterDescription: 'Matter description is required',
  openedOn: 'Opened date is required',
  partyName: 'Party name is required',
  matterId: 'Invalid matter id',
} as const;

/** PRODUCT.md §13: at most 200 matters; the parties of one matter at most `LIMITS.listMax` each. */
export const MAX_MATTERS = 200;

/** What the form says above its matters (PRODUCT.md §13: generic descriptions, nothing privileged). */
export const MATTERS_PRIVILEGE_NOTE =
  'Describe each matter generically (for example "patent litigation" or "supply agreement"). Leave out anything privileged or confidential: what the firm needs is who the parties are, not what the matter is about.';

/** PRODUCT.md §13: the one row a matter marked 'the client may object' is, by every path. */
export const WITHHELD_MATTER_TEXT = "Withheld at the client's request — arrange a neutral check";

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

const MATTER_ID = /^[A-Za-z0-9_-]{1,64}$/;
const partyName = () => requiredText(CONFLICTS_MESSAGES.partyName, S);

/**
 * PRODUCT.md §13: one matter of the conflicts form. Its `id` keeps its rows' `rowId`s the same across
 * versions; the server gives one to a matter that comes without.
 */
export const matterSchema = z.object({
  id: z
    .string({ error: CONFLICTS_MESSAGES.matterId })
    .regex(MATTER_ID, CONFLICTS_MESSAGES.matterId)
    .default(() => crypto.randomUUID()),
  clientName: requiredText(CONFLICTS_MESSAGES.matterClientName, S),
  matterDescription: requiredText(CONFLICTS_MESSAGES.matterDescription, M),
  adverseParties: list(partyName(), LIMITS.listMax).default([]),
  relatedParties: list(partyName(), LIMITS.listMax).default([]),
  role: optionalText(S),
  openedOn: requiredDate(CONFLICTS_MESSAGES.openedOn),
  // '' (an empty date input) or null: still open.
  closedOn: z
    .union([z.literal(''), isoDateString()])
    .nullable()
    .optional(),
  clientMayObject: z.boolean({ error: 'Must be true or false' }).default(false),
});
export type MatterInput = z.input<typeof matterSchema>;
export type Matter = z.output<typeof matterSchema>;

/** Matter ids are unique within a form: a repeated id gets a new one (its rows are new rows). */
export const uniqueMatterIds = (matters: Matter[]) => {
  const seen = new Set<string>();
  return matters.map((m) => {
    const id = seen.has(m.id) ? crypto.randomUUID() : m.id;
    seen.add(id);
    return id === m.id ? m : { ...m, id };
  });
};

/** PUT /api/attorney/conflicts-form: the whole form (spec §3), validated as submitted. */
export const conflictsFormSchema = z.object({
  attorneyName: requiredText(CONFLICTS_MESSAGES.attorneyName, S),
  date: requiredDate(CONFLICTS_MESSAGES.date),
  firmName: requiredText(CONFLICTS_MESSAGES.firmName, S),
  currentClients: list(currentClientSchema, LIMITS.listMax).default([]),
  formerClients: list(formerClientSchema, LIMITS.listMax).default([]),
  matters: list(matterSchema, MAX_MATTERS).default([]),
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
  // PRODUCT.md §13: a matter per current client, without parties, for the attorney to describe.
  const matters = currentClients.map((c) => ({
    id: crypto.randomUUID(),
    clientName: c.clientName,
    matterDescription: '',
    adverseParties: [] as string[],
    relatedParties: [] as string[],
    role: '',
    openedOn: '',
    closedOn: null,
    clientMayObject: false,
  }));
  return {
    attorneyName: lpq.generalInfo?.name ?? '',
    currentClients,
    matters,
    potentialConflicts: notes.join('\n'),
  };
}

/** PRODUCT.md §13: the conflicts team's answer to one row. */
export const ROW_STATUSES = ['cleared', 'possible', 'waiver_needed', 'wall_required', 'blocking'] as const;
export type RowStatus = (typeof ROW_STATUSES)[number];
export const ROW_STATUS_LABELS: Record<RowStatus, string> = {
  cleared: 'Cleared',
  possible: 'Possible conflict',
  waiver_needed: 'Waiver needed',
  wall_required: 'Ethical wall required',
  blocking: 'Blocking conflict',
};

/** PRODUCT.md §13: a row's party role, and its words in the export's Party Role column. */
export const PARTY_ROLES = ['client', 'adverse', 'related'] as const;
export type PartyRole = (typeof PARTY_ROLES)[number];
export const PARTY_ROLE_LABELS: Record<PartyRole, string> = {
  client: 'Client',
  adverse: 'Adverse Party',
  related: 'Related Party',
};

/**
 * One row of PRODUCT.md §13: one party of one matter, or a current or former client without matters.
 * `key` is what its `rowId` is derived from (the matter's id, the party's role and name), so the row keeps its
 * id across versions while those are unchanged.
 */
export type ConflictsRowData = {
  key: string;
  partyName: string;
  partyRole: PartyRole;
  clientName: string;
  matterDescription: string | null;
  current: boolean;
  openedOn: string | null;
  closedOn: string | null;
  clientMayObject: boolean;
  /** A withheld matter's number of parties (its client and every adverse and related party); else null. */
  partyCount: number | null;
};

type FormLike = {
  matters?: unknown;
  currentClients?: unknown;
  formerClients?: unknown;
};
type MatterLike = Partial<Matter> & { partyCount?: number };

const textOf = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const norm = (v: string) => v.trim().toLowerCase().replace(/\s+/g, ' ');
const listOf = <T>(v: unknown): T[] =>
  Array.isArray(v) ? (v.filter((x) => x && typeof x === 'object') as T[]) : [];
const namesOf = (v: unknown) => (Array.isArray(v) ? v.map(textOf).filter(Boolean) : []);

const partiesOf = (m: MatterLike) =>
  typeof m.partyCount === 'number'
    ? m.partyCount
    : 1 + namesOf(m.adverseParties).length + namesOf(m.relatedParties).length;

/** The client names only a withheld matter names (a client with another, open matter is named by that one). */
function withheldClientNames(matters: MatterLike[]) {
  const named = new Set(matters.filter((m) => !m.clientMayObject).map((m) => norm(textOf(m.clientName))));
  return new Set(
    matters
      .filter((m) => m.clientMayObject)
      .map((m) => norm(textOf(m.clientName)))
      .filter((n) => n && n !== norm(WITHHELD_MATTER_TEXT) && !named.has(n)),
  );
}

/**
 * PRODUCT.md §13: the conflicts form as it may leave the attorney — a matter marked `clientMayObject` is
 * one withheld matter with its dates and its number of parties and no name, and a current or former client
 * named only by such a matter is left out. Every path a form leaves by (package, versions, 'What changed',
 * PDF, exports, mails) starts from this; applied twice it changes nothing.
 */
export function withholdMatters<T extends FormLike>(form: T): T {
  const matters = listOf<MatterLike>(form.matters);
  if (!matters.some((m) => m.clientMayObject)) return form;
  const hidden = withheldClientNames(matters);
  const keep = (c: { clientName?: unknown }) => !hidden.has(norm(textOf(c.clientName)));
  return {
    ...form,
    currentClients: listOf<{ clientName?: unknown }>(form.currentClients).filter(keep),
    formerClients: listOf<{ clientName?: unknown }>(form.formerClients).filter(keep),
    matters: matters.map((m) =>
      m.clientMayObject
        ? {
            id: m.id,
            clientName: WITHHELD_MATTER_TEXT,
            matterDescription: WITHHELD_MATTER_TEXT,
            adverseParties: [],
            relatedParties: [],
            role: '',
            openedOn: m.openedOn ?? '',
            closedOn: m.closedOn ?? null,
            clientMayObject: true,
            partyCount: partiesOf(m),
          }
        : m,
    ),
  };
}

/** PRODUCT.md §13: the rows of a conflicts form (withheld matters as one row each), in the form's order. */
export function conflictsRowsOf(form: FormLike | null | undefined): ConflictsRowData[] {
  if (!form) return [];
  const safe = withholdMatters(form);
  const rows: ConflictsRowData[] = [];
  const seen = new Set<string>();
  const push = (row: ConflictsRowData) => {
    if (seen.has(row.key)) return;
    seen.add(row.key);
    rows.push(row);
  };
  const matters = listOf<MatterLike>(safe.matters);
  const matterClients = new Set(matters.map((m) => norm(textOf(m.clientName))));
  for (const m of matters) {
    const id = textOf(m.id);
    const base = {
      current: !m.closedOn,
      openedOn: textOf(m.openedOn) || null,
      closedOn: textOf(m.closedOn) || null,
    };
    if (m.clientMayObject) {
      push({
        key: `m:${id}:withheld`,
        partyName: WITHHELD_MATTER_TEXT,
        partyRole: 'client',
        clientName: WITHHELD_MATTER_TEXT,
        matterDescription: null,
        clientMayObject: true,
        partyCount: partiesOf(m),
        ...base,
      });
      continue;
    }
    const clientName = textOf(m.clientName);
    const matterDescription = textOf(m.matterDescription) || null;
    const party = (partyRole: PartyRole, partyName: string) =>
      push({
        key: `m:${id}:${partyRole}:${norm(partyName)}`,
        partyName,
        partyRole,
        clientName,
        matterDescription,
        clientMayObject: false,
        partyCount: null,
        ...base,
      });
    if (clientName) party('client', clientName);
    for (const name of namesOf(m.adverseParties)) party('adverse', name);
    for (const name of namesOf(m.relatedParties)) party('related', name);
  }
  const client = (current: boolean, c: Record<string, unknown>, dates: unknown) => {
    const name = textOf(c.clientName);
    if (!name || matterClients.has(norm(name))) return;
    push({
      key: `c:${current ? 'current' : 'former'}:${norm(name)}`,
      partyName: name,
      partyRole: 'client',
      clientName: name,
      matterDescription: textOf(c.businessDescription) || null,
      current,
      openedOn: textOf(dates) || null,
      closedOn: null,
      clientMayObject: false,
      partyCount: null,
    });
  };
  for (const c of listOf<Record<string, unknown>>(safe.currentClients))
    client(true, c, c.relationshipStartDate);
  for (const c of listOf<Record<string, unknown>>(safe.formerClients)) client(false, c, c.relationshipDates);
  return rows;
}

/**
 * PRODUCT.md §13, 'never leaves by name, by any path': the master LPQ as it may leave next to a conflicts
 * form — a top client only a withheld matter names keeps its figures but not its name. Reads the clients'
 * names alone, whatever else a client card holds.
 */
export function withholdMasterLpqClients<T extends Record<string, unknown>>(
  lpq: T,
  form: FormLike | null | undefined,
): T {
  const hidden = withheldClientNames(listOf<MatterLike>(form?.matters));
  const info = lpq.clientsInfo as { topClients?: unknown } | undefined;
  if (!hidden.size || !info || !Array.isArray(info.topClients)) return lpq;
  const topClients = info.topClients.map((c) =>
    c && typeof c === 'object' && hidden.has(norm(textOf((c as { clientName?: unknown }).clientName)))
      ? { ...c, clientName: WITHHELD_MATTER_TEXT }
      : c,
  );
  return { ...lpq, clientsInfo: { ...info, topClients } };
}

/** PRODUCT.md §13's words for the attorney's summary ('12 cleared · 1 waiver needed'). */
export const ROW_STATUS_SUMMARY: Record<RowStatus, string> = {
  cleared: 'cleared',
  possible: 'possible conflict',
  waiver_needed: 'waiver needed',
  wall_required: 'ethical wall required',
  blocking: 'blocking',
};

/** '12 cleared · 1 waiver needed · 2 waiting': each answer's count in ROW_STATUSES order, then the rows waiting. */
export function conflictsSummaryText(rows: { status: RowStatus | null }[]): string {
  const parts = ROW_STATUSES.map(
    (s) => [rows.filter((r) => r.status === s).length, ROW_STATUS_SUMMARY[s]] as const,
  )
    .filter(([n]) => n > 0)
    .map(([n, words]) => `${n} ${words}`);
  const waiting = rows.filter((r) => r.status === null).length;
  if (waiting) parts.push(`${waiting} waiting`);
  return parts.join(' · ');
}

export const CONFLICTS_ANSWER_MESSAGES = {
  status: 'Choose Cleared, Possible conflict, Waiver needed, Ethical wall required or Blocking',
  noteTooLong: `The note to the attorney must be at most ${LIMITS.mediumText} characters`,
} as const;

/** PUT /api/firm/lpq-requests/{id}/conflicts/rows/{rowId}: the conflicts team's answer to one row. */
export const conflictsAnswerSchema = z.object({
  status: z.enum(ROW_STATUSES, { error: CONFLICTS_ANSWER_MESSAGES.status }),
  noteToAttorney: z
    .string({ error: CONFLICTS_ANSWER_MESSAGES.noteTooLong })
    .trim()
    .max(LIMITS.mediumText, CONFLICTS_ANSWER_MESSAGES.noteTooLong)
    .refine(isCleanText, CONFLICTS_ANSWER_MESSAGES.noteTooLong)
    .optional(),
});
export type ConflictsAnswer = z.output<typeof conflictsAnswerSchema>;

/**
 * PRODUCT.md §13, the pre-check: what the conflicts team sees of one row before the attorney shares — the name,
 * the party's role, its client, current or former and the dates; no matter description, no figure, no attorney.
 */
export type PrecheckRow = Omit<ConflictsRowData, 'matterDescription'> & { matterDescription: null };

/** The rows a pre-check sends (`conflictsRowsOf` without matter descriptions): the dialog shows exactly these. */
export const precheckRowsOf = (form: FormLike | null | undefined): PrecheckRow[] =>
  conflictsRowsOf(form).map((r) => ({ ...r, matterDescription: null }));

/** The pre-check's words: its button, dialog and refusals (PRODUCT.md §13). */
export const PRECHECK_TEXTS = {
  button: 'Send conflicts pre-check',
  withdraw: 'Withdraw pre-check',
  dialogTitle: 'Send a conflicts pre-check',
  dialogIntro:
    "Before you share, the firm's conflicts team can check these names. They see only what is below and the position; not your name, your matter descriptions, figures or any other part of your package. The request stays pending.",
  confirm: 'Send pre-check',
  sent: (date: string) => `Conflicts pre-check sent ${date}`,
  withdrawConfirm:
    'The conflicts team will no longer see these names, and their answers so far are removed. You can send a new pre-check while the request is pending.',
} as const;

export const PRECHECK_MESSAGES = {
  notPending: 'A conflicts pre-check can be sent only while the request is pending.',
  noForm: 'Complete your conflicts form first: it has no clients or matters to check.',
  noConflictsTeam: 'This firm has no conflicts team on Lateral Passport yet.',
  notSent: 'There is no conflicts pre-check to withdraw.',
} as const;

/** The party's "Current or Former" in the export and the views. */
export const currentOrFormer = (current: boolean) => (current ? 'Current' : 'Former');

/** The conflicts team's words for a pre-check (its queue and view). */
export const PRECHECK_FIRM_TEXTS = {
  sent: (date: string) => `Pre-check sent ${date}`,
  unnamed: 'the candidate is named only if they share',
  queueName: 'Pre-check (candidate not named)',
  intro:
    'A candidate sent these names before sharing their package. You see the names, their roles, current or former and the dates, and the position. Use them only to detect and resolve conflicts of interest; your answers and notes go back to the candidate.',
} as const;
