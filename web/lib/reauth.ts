import { isReauthenticationRequest } from './api';
import { rememberFocus } from './return-focus';

/**
 * Recent sign-in (PRODUCT.md §10): any call the server answers 403 `code: 'reauthenticate'` waits while
 * the user confirms it is them (a dialog: password, authenticator code or passkey), then is sent again,
 * and its promise resolves with that answer: the user never starts the action again. Cancelled, the
 * original 403 stands. The dialog is the security feature's (features/security/confirm-identity): the entry
 * (web/main.tsx) sets it, so lib/ never imports a feature back; until it is set the 403 stands.
 */
type Confirm = () => Promise<boolean>;
let confirmIdentity: Confirm | null = null;
let pending: Promise<boolean> | null = null;

export function setIdentityConfirmation(confirm: Confirm | null) {
  confirmIdentity = confirm;
}

/** Sends `call`; when it asks for a recent sign-in, asks the user once (calls at the same time share it) and sends it again. */
export async function withRecentSignIn<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!isReauthenticationRequest(error) || !confirmIdentity) throw error;
    if (!pending) {
      // The dialog is opened from here, not by a button of its own: the focus goes back where it was.
      const giveFocusBack = rememberFocus();
      pending = confirmIdentity().finally(() => {
        pending = null;
        giveFocusBack();
      });
    }
    if (!(await pending)) throw error;
    return call();
  }
}
