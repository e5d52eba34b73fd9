import { ensureOk } from './api';
import { type AnyInput, urlOf } from './api-url';
import { withRecentSignIn } from './reauth';
import type { Args, JsonRoute, ResultOf } from './route-types';

export { apiUrl } from './api-url';
export type {
  BodyOf,
  FileRoute,
  InputOf,
  JsonRoute,
  ParamsOf,
  QueryOf,
  ResultOf,
  RouteKey,
  Routes,
  UrlArgs,
} from './route-types';

/** The web's calls to the API (the routes' types: lib/route-types.ts). Every non-OK answer throws ApiError. */

/** Sends a route's request and answers the parsed JSON (undefined when empty); throws ApiError. */
async function send(route: string, input: AnyInput | undefined, nullOn?: number): Promise<unknown> {
  const method = route.slice(0, route.indexOf(' '));
  const url = urlOf(route, input);
  const body = input?.body === undefined ? undefined : JSON.stringify(input.body);
  const res = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body,
    credentials: 'include',
  });
  if (res.status === nullOn) return null;
  await ensureOk(res, `${method} ${url}`);
  // A 204 has no body: undefined.
  const text = await res.text();
  return text ? JSON.parse(text) : undefined;
}

/**
 * Calls a JSON route: `api('PUT /api/lpqs/:id', { params: { id }, body })`. A call that needs a recent
 * sign-in asks for it and goes through after (lib/reauth).
 */
export function api<K extends JsonRoute>(route: K, ...[input]: Args<K>): Promise<ResultOf<K>> {
  return withRecentSignIn(() => send(route, input as AnyInput | undefined)) as Promise<ResultOf<K>>;
}

/**
 * Calls a JSON route whose `status` means "none" rather than an error: null then. 404 for a record not
 * saved yet; 401 for "not signed in" where that is an answer (it then starts no sign-in round trip).
 */
export function apiOrNull<K extends JsonRoute>(
  status: 401 | 404,
  route: K,
  ...[input]: Args<K>
): Promise<ResultOf<K> | null> {
  return send(route, input as AnyInput | undefined, status) as Promise<ResultOf<K> | null>;
}

/**
 * One page of a paged list route (shared/paging.ts): its rows and the next page's URL from the server's
 * `Link: <…>; rel="next"` header (null on the last page). `url` is the first page's (apiUrl) or a `next`.
 */
export async function apiPage<K extends JsonRoute>(
  route: K,
  url: string,
): Promise<{ items: ResultOf<K>; next: string | null; total: number | null; totalCapped: boolean }> {
  const res = await fetch(url, { credentials: 'include' });
  await ensureOk(res, `${route.slice(0, route.indexOf(' '))} ${url}`);
  const next = res.headers.get('Link')?.match(/^<([^>]+)>;\s*rel="next"$/)?.[1] ?? null;
  // PRODUCT.md §15: the number of rows the filters match, when the list says (X-Total-Count); issue 64 item 6:
  // counted up to a cap, `X-Total-Capped: true` when more match (shown with countLabel, shared/firm-pipeline.ts).
  const total = res.headers.get('X-Total-Count');
  return {
    items: (await res.json()) as ResultOf<K>,
    next,
    total: total === null ? null : Number(total),
    totalCapped: res.headers.get('X-Total-Capped') === 'true',
  };
}
