/**
 * Where lib/autosave keeps unsaved input in this tab. Apart from autosave so that sign-out (lib/auth, on
 * every page) can clear it without every page loading autosave and zod with it (bench/page-weight.ts).
 */
export const LOCAL_PREFIX = 'lp.unsaved.';

/** Sign-out: nothing typed stays in this browser for the next person. */
export function clearUnsavedInput() {
  try {
    for (const key of Object.keys(window.sessionStorage)) {
      if (key.startsWith(LOCAL_PREFIX)) window.sessionStorage.removeItem(key);
    }
  } catch {
    // Storage disabled.
  }
}
