import { z } from 'zod';

/**
 * Keyset pages of a list (PRODUCT.md §6): `limit` rows (default 50, at most 200) after `cursor`, the
 * next page's URL in a `Link: <…>; rel="next"` header. The firm's pipeline and the attorney's request
 * list both page this way, so a response never grows with the account.
 */
export const PAGE = { defaultLimit: 50, maxLimit: 200 } as const;

export const PAGE_MESSAGES = {
  badLimit: `Ask for between 1 and ${PAGE.maxLimit} rows`,
  badCursor: 'This page link is no longer valid. Reload the list.',
} as const;

export const pageQuerySchema = z.object({
  limit: z.coerce
    .number({ error: PAGE_MESSAGES.badLimit })
    .int(PAGE_MESSAGES.badLimit)
    .min(1, PAGE_MESSAGES.badLimit)
    .max(PAGE.maxLimit, PAGE_MESSAGES.badLimit)
    .default(PAGE.defaultLimit),
  cursor: z.string().max(500, PAGE_MESSAGES.badCursor).optional(),
});
export type PageQuery = z.output<typeof pageQuerySchema>;
