import { DIVERSITY_FIELDS } from './package-labels';
import { cell, type Row, recordOf, rowsOf } from './package-view-parts';

/**
 * The diversity officer's page (PRODUCT.md §9): each shared self-identification form and how many gave each
 * answer, with the form's own labels (shared/diversity.ts through DIVERSITY_FIELDS): never a code.
 */

/** One shared form as rows of question and answer; unanswered questions are left out. */
export const selfIdentificationRows = (form: unknown): Row[] => rowsOf(recordOf(form), DIVERSITY_FIELDS);

export type AnswerCount = { answer: string; count: number };
export type QuestionCounts = { key: string; question: string; total: number; answers: AnswerCount[] };

/** A counted answer as it was stored: the server counts by `String(value)`, so a flag comes back as text. */
const storedValue = (code: string): unknown => (code === 'true' ? true : code === 'false' ? false : code);

/**
 * GET /api/firm/self-identification's counts (question → answer code → count) as labelled rows, in the form's
 * order, each question's answers most frequent first.
 */
export function selfIdentificationCounts(counts: Record<string, Record<string, number>>): QuestionCounts[] {
  const result: QuestionCounts[] = [];
  for (const [key, question, format] of DIVERSITY_FIELDS) {
    const answers = counts[key];
    if (!answers) continue;
    const rows = Object.entries(answers)
      .map(([code, count]) => ({ answer: cell(format ? format(storedValue(code)) : code) || code, count }))
      .sort((a, b) => b.count - a.count || a.answer.localeCompare(b.answer));
    result.push({ key, question, total: rows.reduce((sum, r) => sum + r.count, 0), answers: rows });
  }
  return result;
}

/**
 * Issue 67: a count under 5 is never shown as a number — on the page and in the CSV alike — so a single form's
 * answers cannot be read off the counts ('Female 1 (100%)'). It reads 'fewer than 5', with no share.
 */
export const SMALL_COUNT_BELOW = 5;
export const SMALL_COUNT_TEXT = 'fewer than 5';
export const isSmallCount = (count: number) => count < SMALL_COUNT_BELOW;

const percentOf = (count: number, total: number) => (total ? Math.round((count / total) * 100) : 0);

/** One answer's cell on the page: '12 (60%)', or 'fewer than 5'. */
export const countText = (count: number, total: number) =>
  isSmallCount(count) ? SMALL_COUNT_TEXT : `${count} (${percentOf(count, total)}%)`;

/** The bar's width in percent on the page: none for a count that is not shown. */
export const countBarPercent = (count: number, total: number) =>
  isSmallCount(count) ? 0 : Math.max(percentOf(count, total), 2);

/** The counts' CSV (GET /api/firm/self-identification/counts.csv) as rows: the page's rule in every cell. */
export function selfIdentificationCountsCsvRows(counts: QuestionCounts[]): string[][] {
  return [
    ['Question', 'Answer', 'Forms'],
    ...counts.flatMap((q) =>
      q.answers.map((a) => [
        q.question,
        a.answer,
        isSmallCount(a.count) ? SMALL_COUNT_TEXT : String(a.count),
      ]),
    ),
  ];
}
