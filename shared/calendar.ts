/**
 * Today as a yyyy-mm-dd calendar day, on the one of two clocks a use means. A plain module: the pages that
 * need a default date load it with their first code.
 */

/**
 * Today in UTC: the day every rule compares a due date or an access end date with, on the server and in the
 * forms that check the same rule before sending (one clock for each rule).
 */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

/** Today on the person's own calendar (the browser's time zone): the date a form proposes for a signature. */
export function todayLocal(now = new Date()): string {
  const y = now.getFullYear();
  const m = String(now.getMonth() + 1).padStart(2, '0');
  const d = String(now.getDate()).padStart(2, '0');
  return `${y}-${m}-${d}`;
}
