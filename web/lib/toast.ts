import { notifications } from '@mantine/notifications';
import { UI_TIMING } from '@shared/limits';
import { safeReturnPath } from '@shared/return-path';
import type { ToastText } from '@shared/texts';
import { TOASTS } from '@shared/texts';
import { markStepResume } from './wizard-step';

type Variant = 'default' | 'success' | 'destructive';

/**
 * The toast host's code (web/components/ToastHost): main.tsx loads it at the user's first click or key
 * press, or with the first toast, whichever comes first — not with every page (bench/page-weight.ts).
 */
export const loadToastHost = () => import('../components/ToastHost');

/**
 * One toast at a time (the Notifications host has limit 1): a new one replaces the old. While the app is
 * on its way to sign-in after a 401, the spec's 'Unauthorized' toast stays: the form whose call failed
 * would otherwise replace it with its own failure ('Submission Failed'), which is not what happened.
 */
export function showToast(
  text: ToastText,
  opts: {
    variant?: Variant;
    message?: string;
    position?: 'top-right' | 'bottom-right';
    autoClose?: number;
  } = {},
) {
  if (redirecting && text !== TOASTS.unauthorized) return;
  const variant = opts.variant ?? 'default';
  notifications.clean();
  notifications.show({
    title: text.title,
    message: opts.message ?? text.message,
    color: variant === 'destructive' ? 'red' : variant === 'success' ? 'teal' : 'navy',
    autoClose: opts.autoClose ?? UI_TIMING.toastAutoCloseMs,
    position: opts.position,
    withBorder: true,
    // Named for screen readers, and the message under a title is readable (the theme says so too; the
    // toast host may load after the first toast).
    closeButtonProps: { 'aria-label': 'Close notification' },
    styles: { description: { color: 'var(--mantine-color-gray-7)' } },
  });
}

/**
 * The spec's 'Progress Saved' (§6 toasts) after a wizard step, brief (the saved indicator says it too). Not at
 * the bottom: there it covered the step's Next button, and a pointer resting on it held it open.
 */
export function showStepSaved() {
  showToast(TOASTS.progressSaved, { variant: 'success', autoClose: UI_TIMING.stepSavedToastMs });
}

/** Takes the toast on screen away: what it said no longer holds (a sign-in that failed, then went on). */
export function clearToasts() {
  notifications.clean();
}

let redirecting = false;
const RETURN_KEY = 'lp.returnTo';
/**
 * Why this tab was sent to sign in: 'ended' when it had a signed-in user (a session ended under it), 'link'
 * when it never had one (a mailed link opened signed out). /auth words the two differently (issue 67).
 */
const RETURN_WHY_KEY = 'lp.returnWhy';
/** Kept for the tab's life (reloads too): this tab has had a signed-in user since it last signed out. */
const SIGNED_IN_KEY = 'lp.signedInHere';

const storage = {
  get: (key: string) => {
    try {
      return window.sessionStorage.getItem(key);
    } catch {
      return null; // Storage disabled.
    }
  },
  set: (key: string, value: string | null) => {
    try {
      if (value === null) window.sessionStorage.removeItem(key);
      else window.sessionStorage.setItem(key, value);
    } catch {
      // Storage disabled.
    }
  },
};

/** A signed-in user was seen in this tab (the session read or a sign-in answered one). */
export function markSignedInHere(signedIn: boolean) {
  if (signedIn) {
    if (storage.get(SIGNED_IN_KEY) !== '1') storage.set(SIGNED_IN_KEY, '1');
  } else storage.set(SIGNED_IN_KEY, null);
}

/**
 * True once this tab ended its own session (signed out, deleted the account) until someone signs in
 * again: a read answered 401 meanwhile, or a signed-in page still on screen while the app goes home, is
 * that ending, not a session that expired, so no unauthorised toast and no detour to sign-in.
 */
let endedHere = false;
export const sessionEndedHere = () => endedHere;
export function markSessionEndedHere(ended: boolean) {
  endedHere = ended;
}

/**
 * Spec §6/§8: the unauthorised toast, then /api/login after 500 ms; once, however many calls failed.
 * PRODUCT.md §2: sign-in then returns to this page (remembered in this tab), where the form restores
 * its input.
 */
export function handleUnauthorized() {
  if (redirecting || endedHere) return;
  redirecting = true;
  showToast(TOASTS.unauthorized, { variant: 'destructive' });
  const here = safeReturnPath(`${window.location.pathname}${window.location.search}`);
  markStepResume();
  // Storage disabled: sign-in goes to the user's home instead.
  if (here) {
    storage.set(RETURN_KEY, here);
    storage.set(RETURN_WHY_KEY, storage.get(SIGNED_IN_KEY) === '1' ? 'ended' : 'link');
  }
  // The toast stays on screen for the whole wait, counted from when its host can show it.
  const redirect = () =>
    window.setTimeout(() => {
      window.location.href = '/api/login';
    }, UI_TIMING.unauthorizedRedirectMs);
  loadToastHost().then(redirect, redirect);
}

/** The page to go back to after signing in: a `returnTo` link, else the one this tab was sent away from. */
export function readReturnPath(fromLink: string | null): string | null {
  return safeReturnPath(fromLink) ?? safeReturnPath(storage.get(RETURN_KEY));
}

/**
 * The page this tab's session ended on (remembered by handleUnauthorized), for /auth to say why the user is
 * there; null when sign-in was not reached that way (a link's own return path is no ended session).
 */
export function endedSessionPath(): string | null {
  return storage.get(RETURN_WHY_KEY) === 'link' ? null : safeReturnPath(storage.get(RETURN_KEY));
}

/** The page a link opened signed out leads to after sign-in (nothing was typed there, no session ended). */
export function linkedPagePath(): string | null {
  return storage.get(RETURN_WHY_KEY) === 'link' ? safeReturnPath(storage.get(RETURN_KEY)) : null;
}

/** Once back there, the next sign-in in this tab goes home as usual. */
export function forgetReturnPath() {
  storage.set(RETURN_KEY, null);
  storage.set(RETURN_WHY_KEY, null);
}
