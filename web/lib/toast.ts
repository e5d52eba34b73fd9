import { notifications } from '@mantine/notifications';
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

/** Spec §6/§8: the unauthorised toast, then /api/login after 500 ms. */
export function handleUnauthorized() {
  showToast(TOASTS.unauthorized, { variant: 'destructive' });
  window.setTimeout(() => {
    window.location.href = '/api/login';
  }, UI_TIMING.unauthorizedRedirectMs);
}
