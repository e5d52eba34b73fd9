import { z } from 'zod';
import { isJsonObject, jsonDepth } from './json-depth';
import { UUID_PATTERN } from './uuid';

/**
 * Autosave (PRODUCT.md §2): every attorney form keeps a server-side draft of what was typed,
 * apart from the record its Save button writes. One draft per form; a position LPQ's draft is named
 * after the LPQ (`position-lpq-<id>`).
 */
export const DRAFT_FORMS = [
  'profile',
  'onboarding',
  'master-lpq',
  'conflicts-form',
  'diversity-form',
  'business-plan',
] as const;
export type DraftFormName = (typeof DRAFT_FORMS)[number];

const POSITION_LPQ_DRAFT = new RegExp(`^position-lpq-(${UUID_PATTERN})$`, 'i');

export const positionLpqDraftName = (lpqId: string) => `position-lpq-${lpqId}`;

/** The position LPQ a draft name stands for, or null when it names one of DRAFT_FORMS (or nothing). */
export function positionLpqOfDraft(name: string): string | null {
  return POSITION_LPQ_DRAFT.exec(name)?.[1]?.toLowerCase() ?? null;
}

export function isDraftName(name: string): boolean {
  return (DRAFT_FORMS as readonly string[]).includes(name) || positionLpqOfDraft(name) !== null;
}

export const DRAFT_PATH = (name: string) => `/api/attorney/drafts/${name}`;

/** A draft larger than this is refused: the largest form (master LPQ with 50 clients) is well under it. */
export const DRAFT_MAX_BYTES = 256 * 1024;

export const DRAFT_MESSAGES = {
  tooLarge: 'This draft is too large to save.',
  tooDeep: 'This draft is nested too deeply to save.',
} as const;

/** No form nests deeper than a few levels (a list of records of fields); PostgreSQL's JSON parser has a limit. */
export const DRAFT_MAX_DEPTH = 16;

/**
 * `data` is any JSON object, passed on as parsed: autosave sends the whole draft every few seconds, and
 * an object schema (even a loose one) copies it key by key into a new object. Documented as an object
 * with any properties.
 */
export const draftBodySchema = z.object({
  data: z
    .custom<Record<string, unknown>>(isJsonObject, { error: 'Invalid input: expected object', abort: true })
    .refine((data) => jsonDepth(data, DRAFT_MAX_DEPTH + 1) <= DRAFT_MAX_DEPTH, {
      error: DRAFT_MESSAGES.tooDeep,
    })
    .meta({ type: 'object', additionalProperties: {} }),
});
export type DraftBody = z.output<typeof draftBodySchema>;

/** GET answers the draft, or null when there is none. */
export type Draft = { data: Record<string, unknown>; updatedAt: string };

/** The save state line shown next to every attorney form's title. */
export type SaveStatus = 'idle' | 'pending' | 'saving' | 'saved' | 'retrying' | 'offline';

export const SAVE_STATE_TEXT = {
  pending: 'Unsaved changes',
  saving: 'Saving…',
  saved: (time: string) => `Saved ${time}`,
  retrying: 'Not saved — retrying',
  offline: 'Offline — your changes are kept on this device and saved when you are back online',
  restored: 'We restored your draft: changes you had not yet saved to the form itself.',
  discard: 'Discard them',
  leavePrompt: 'You have changes that are not saved yet. Leave this page anyway?',
} as const;

/** How long after typing stops a draft is saved, and the longest wait between retries. */
export const AUTOSAVE_TIMING = { debounceMs: 1200, retryMinMs: 2000, retryMaxMs: 30_000 } as const;
