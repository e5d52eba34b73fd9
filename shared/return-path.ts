/**
 * After a session ends mid-page (PRODUCT.md §2): sign-in returns to the page the user was on. Only a path
 * of this site is followed (never `//host`, a backslash or a scheme), so the parameter cannot send anyone
 * elsewhere.
 */
export const RETURN_TO_PARAM = 'returnTo';
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 1000) return null;
  if (!/^\/(?![/\\])[^\s\\]*$/.test(value)) return null;
  // Back to the sign-in page itself would loop.
  if (value === '/auth' || value.startsWith('/auth?') || value.startsWith('/api/')) return null;
  return value;
}

/**
 * Issue 67: the attorney's link to one request (the invitation and reminder mails):
 * /attorney/lpq-requests?request=ID opens their request list at that request's card.
 */
export const REQUEST_LINK_PARAM = 'request';
export const attorneyRequestLink = (publicUrl: string, requestId: string) =>
  `${publicUrl}/attorney/lpq-requests?${REQUEST_LINK_PARAM}=${encodeURIComponent(requestId)}`;
