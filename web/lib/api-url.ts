import type { RouteKey, UrlArgs } from './route-types';

/**
 * The URL of a route (lib/client.ts), apart from the rest of the client: the boot entry (web/boot.ts) builds
 * a first page's data URLs with it before the shell's code has arrived, so it imports nothing heavy.
 */

export type AnyInput = { params?: unknown; query?: unknown; body?: unknown };

/** The URL of a route: `:name` segments filled from params (encoded), then the query string. */
export const apiUrl = urlOf as <K extends RouteKey>(route: K, ...[input]: UrlArgs<K>) => string;

export function urlOf(route: string, input?: AnyInput): string {
  const values = (input?.params ?? {}) as Record<string, unknown>;
  const path = route
    .slice(route.indexOf(' ') + 1)
    .replace(/:([A-Za-z0-9_]+)/g, (_m, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries((input?.query ?? {}) as Record<string, unknown>)) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const qs = search.toString();
  return qs ? `${path}?${qs}` : path;
}
