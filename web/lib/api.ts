import type { ApiErrorBody } from '@shared/http';
import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { handleUnauthorized } from './toast';

/**
 * Every non-OK answer of the API, thrown by every call the web makes (lib/client). The body
 * (`{ message, errors? }`, shared/http.ts, PRODUCT.md §8) is read once, here: `message` is the server's
 * message (else spec §8's `STATUS: body`, the status text when the body is empty), `errors` the per-field
 * messages, and `serverMessage` the server's message alone, for a toast's fallback.
 */
export class ApiError extends Error {
  readonly serverMessage: string | undefined;
  readonly errors: Record<string, string>;
  constructor(
    readonly status: number,
    readonly body: string,
  ) {
    let parsed: Partial<Record<keyof ApiErrorBody, unknown>> = {};
    try {
      parsed = (JSON.parse(body) as typeof parsed) ?? {};
    } catch {
      // Not JSON: the status text.
    }
    const serverMessage = typeof parsed.message === 'string' && parsed.message ? parsed.message : undefined;
    super(serverMessage ?? `${status}: ${body}`);
    this.name = 'ApiError';
    this.serverMessage = serverMessage;
    this.errors =
      parsed.errors && typeof parsed.errors === 'object' ? (parsed.errors as Record<string, string>) : {};
  }
}

/**
 * A 401 from anything but signing in means the session ended mid-page (PRODUCT.md §2): the spec's toast,
 * then sign-in, which returns here; unsaved form input waits in the browser (lib/autosave).
 */
const SIGN_IN_CALLS = new Set(['POST /api/login']);

/** Throws the ApiError of a non-OK answer; a 401 also starts the sign-in round trip. */
export async function ensureOk(res: Response, call?: string) {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  if (res.status === 401 && call && !SIGN_IN_CALLS.has(call)) handleUnauthorized();
  throw new ApiError(res.status, text);
}

/** The one fetch wrapper: credentials always, JSON in and out. */
export async function apiRequest<T = unknown>(method: string, url: string, body?: unknown): Promise<T> {
  const res = await fetch(url, {
    method,
    headers: body !== undefined ? { 'Content-Type': 'application/json' } : {},
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: 'include',
  });
  await ensureOk(res, `${method} ${url}`);
  if (res.status === 204) return undefined as T;
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A GET that answers a file (Content-Disposition: attachment): saved under the server's file name
 * through a temporary link, so the page can show progress and errors, which a plain link cannot.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  const res = await fetch(url, { credentials: 'include' });
  await ensureOk(res, `GET ${url}`);
  const blob = await res.blob();
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const name = disposition.match(/filename="([^"]+)"/)?.[1] ?? fallbackName;
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the blob only after click() returns.
  window.setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/** The message of an API error for a toast: the server's `message`, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** Per-field messages of a 400 answer, to show under the fields. */
export function fieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError && error.status === 400 ? error.errors : {};
}

export function statusOf(error: unknown): number | undefined {
  return error instanceof ApiError ? error.status : undefined;
}

type UnauthorizedBehavior = 'returnNull' | 'throw';

/** Queries GET the path joined from their key. */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T> {
  return async ({ queryKey }) => {
    const url = queryKey.join('/');
    const res = await fetch(url, { credentials: 'include' });
    if (on401 === 'returnNull' && res.status === 401) return null as T;
    await ensureOk(res, `GET ${url}`);
    return (await res.json()) as T;
  };
}

/** Spec §9: queries never go stale, no automatic refetch, no retries. */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      queryFn: getQueryFn({ on401: 'throw' }),
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
