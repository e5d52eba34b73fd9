import type { ApiErrorBody } from '@shared/http';
import { QueryClient } from '@tanstack/react-query';
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
  /** A machine-readable reason some answers carry (PRODUCT.md §10: 'reauthenticate', 'two_factor_required'). */
  readonly code: string | undefined;
  constructor(
    readonly status: number,
    body: string,
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
    this.code = typeof parsed.code === 'string' ? parsed.code : undefined;
  }
}

/**
 * A 401 from anything but signing in means the session ended mid-page (PRODUCT.md §2): the spec's toast,
 * then sign-in, which returns here; unsaved form input waits in the browser (lib/autosave).
 */
const SIGN_IN_CALLS = [
  'POST /api/login',
  // The second step answers 401 when the pending sign-in has expired: no session ended there either.
  'POST /api/login/second-factor',
  'POST /api/auth/passkeys/authentication',
  // Joining a firm with an existing account: a wrong password is a 401 on the form, not an ended session.
  'POST /api/auth/accept-invitation',
];

/** Throws the ApiError of a non-OK answer; a 401 also starts the sign-in round trip. */
export async function ensureOk(res: Response, call?: string) {
  if (res.ok) return;
  const text = (await res.text()) || res.statusText;
  if (res.status === 401 && call && !SIGN_IN_CALLS.includes(call)) handleUnauthorized();
  const error = new ApiError(res.status, text);
  // A firm that requires a second factor: its member goes to enrol (PRODUCT.md §10).
  if (res.status === 403 && error.code === TWO_FACTOR_REQUIRED) requireEnrolment();
  throw error;
}

const TWO_FACTOR_REQUIRED = 'two_factor_required';
/** Where a member whose firm requires a second factor goes until they set one up (PRODUCT.md §10). */
export const ENROLMENT_PAGE = '/account/security';
export const ENROLMENT_REQUIRED_URL = `${ENROLMENT_PAGE}?required=1`;
/**
 * A 403 `two_factor_required` (the firm turned the rule on during this visit): the page loads again at the
 * enrolment page, and reads the user afresh, who then carries `mustEnrolSecondFactor` (RequireUser).
 */
function requireEnrolment() {
  if (window.location.pathname !== ENROLMENT_PAGE) window.location.assign(ENROLMENT_REQUIRED_URL);
}

/** A 403 that asks the user to confirm it is them (recent sign-in) before the action goes through. */
export const isReauthenticationRequest = (error: unknown) =>
  error instanceof ApiError && error.status === 403 && error.code === 'reauthenticate';

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

/**
 * Spec §9: queries never go stale, no automatic refetch, no retries. Every query names its queryFn, a
 * typed call of lib/client (no default: a query key is not a URL).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchInterval: false,
      refetchOnWindowFocus: false,
      staleTime: Number.POSITIVE_INFINITY,
      retry: false,
    },
    mutations: { retry: false },
  },
});
