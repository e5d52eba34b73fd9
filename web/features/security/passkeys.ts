import type { User } from '@shared/auth';
import { api } from '../../lib/client';

/**
 * Passkeys in the browser: @simplewebauthn/browser loads only when a passkey is used (never with a
 * page's first code), and the server's options and verification do the rest.
 */
const browser = () => import('@simplewebauthn/browser');

type Json = Parameters<Awaited<ReturnType<typeof browser>>['startAuthentication']>[0]['optionsJSON'];
type CreationJson = Parameters<Awaited<ReturnType<typeof browser>>['startRegistration']>[0]['optionsJSON'];

export const passkeysSupported = () =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** The browser's answer to this account's (or, signed out, any) passkey request. */
export async function passkeyAssertion() {
  const [{ startAuthentication }, options] = await Promise.all([
    browser(),
    api('POST /api/auth/passkeys/authentication-options'),
  ]);
  return startAuthentication({ optionsJSON: options as unknown as Json });
}

/** Signs in with a passkey: the second step of a pending sign-in, or without a password. */
export async function signInWithPasskey(): Promise<User> {
  const response = await passkeyAssertion();
  return api('POST /api/auth/passkeys/authentication', {
    body: {
      response: response as unknown as {
        id: string;
        rawId: string;
        type: 'public-key';
        response: Record<string, unknown>;
      },
    },
  });
}

/** Creates a passkey on this device and saves it under `name`. */
export async function addPasskey(name: string) {
  const [{ startRegistration }, options] = await Promise.all([
    browser(),
    api('POST /api/auth/passkeys/registration-options'),
  ]);
  const response = await startRegistration({ optionsJSON: options as unknown as CreationJson });
  return api('POST /api/auth/passkeys/registration', {
    body: {
      name,
      response: response as unknown as {
        id: string;
        rawId: string;
        type: 'public-key';
        response: Record<string, unknown>;
      },
    },
  });
}

/** A person's words for a WebAuthn failure in the browser (cancelled, not allowed, no passkey here). */
export function passkeyErrorMessage(error: unknown, fallback: string): string {
  const name = (error as { name?: string } | null)?.name;
  if (name === 'NotAllowedError' || name === 'AbortError')
    return 'The passkey request was cancelled or timed out.';
  if (name === 'InvalidStateError') return 'This device already has a passkey for your account.';
  return fallback;
}
