import { PAGE_MESSAGES } from '@shared/paging';
import { isUuid } from '@shared/uuid';
import type { FastifyReply } from 'fastify';
import { badRequest } from './errors';

/**
 * Keyset paging (shared/paging.ts) for the firm's pipeline and the attorney's request list: a page is found
 * from the previous page's last row, so its cost does not grow with the page number. The cursor names that
 * row: its sort key (as PostgreSQL printed it) and id.
 */
export function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString('base64url');
}

/** The sort key and id a cursor names; 400 with the spec's message for anything else. */
export function decodeCursor(cursor: string, isId: (id: string) => boolean = isUuid): [string, string] {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parsed) &&
      parsed.length === 2 &&
      typeof parsed[0] === 'string' &&
      parsed[0].length <= 200 &&
      typeof parsed[1] === 'string' &&
      isId(parsed[1])
    )
      return [parsed[0], parsed[1]];
  } catch {
    // Falls through to the 400.
  }
  throw badRequest(PAGE_MESSAGES.badCursor, { cursor: PAGE_MESSAGES.badCursor });
}

/** The next page's URL, with the same query and the new cursor, in `Link: <…>; rel="next"`. */
export function linkNextPage(
  reply: FastifyReply,
  path: string,
  query: Record<string, unknown>,
  nextCursor: string | null,
) {
  if (!nextCursor) return;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ ...query, cursor: nextCursor }))
    if (v !== undefined && v !== '') params.set(k, String(v));
  reply.header('Link', `<${path}?${params}>; rel="next"`);
}
