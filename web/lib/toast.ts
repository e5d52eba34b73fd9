import { notifications } from '@mantine/notifications';
import { RETURN_TO_PARAM, safeReturnPath } from '@shared/auth';
import { UI_TIMING } from '@shared/limits';
import type { ToastText } from '@shared/texts';
import { TOASTS } from '@shared/texts';

type Variant = 'default' | 'success' | 'destructive';

/** One toast at a time (the Notifications host has limit 1): a new one replaces the old. */
export function showToast(text: ToastText, opts: { variant?: Variant; message?: string } = {}) {
  const variant = opts.variant ?? 'default';
  notifications.clean();
  notifications.show({
    title: text.title,
    message: opts.message ?? text.message,
    color: variant === 'destructive' ? 'red' : variant === 'success' ? 'teal' : 'navy',
    autoClose: UI_TIMING.toastAutoCloseMs,
    withBorder: true,
  });
}

let redirecting = false;

/**
 * Spec §6/§8: the unauthorised toast, then /api/login after 500 ms; once, however many calls failed.
 * PRODUCT.md §2: sign-in then returns to this page (`returnTo`), where the form restores its input.
 */
export function handleUnauthorized() {
  if (redirecting) return;
  redirecting = true;
  showToast(TOASTS.unauthorized, { variant: 'destructive' });
  const here = safeReturnPath(`${window.location.pathname}${window.location.search}`);
  window.setTimeout(() => {
    window.location.href = here ? `/api/login?${RETURN_TO_PARAM}=${encodeURIComponent(here)}` : '/api/login';
  }, UI_TIMING.unauthorizedRedirectMs);
}
