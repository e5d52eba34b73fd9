import { type SetStateAction, useCallback, useEffect, useState } from 'react';
import { LOCAL_PREFIX } from './unsaved-input';

/**
 * PRODUCT.md §2: a session that ends mid-form returns, after sign-in, to the same page with its input
 * (lib/autosave) AND the same step. Each wizard keeps its current step in the tab (sessionStorage, under
 * the unsaved-input prefix, so sign-out clears it); the 401 round trip marks the page it leaves
 * (markStepResume, lib/toast), and only then does the page open at the kept step rather than its first.
 */
const RESUME_KEY = `${LOCAL_PREFIX}resume`;
/** Sign-in within this long takes the user back to the step they were on. */
const RESUME_WINDOW_MS = 2 * 60 * 60 * 1000;

const stepKey = (name: string) => `${LOCAL_PREFIX}step.${name}`;
const here = () => window.location.pathname;

function read(key: string): string | null {
  try {
    return window.sessionStorage.getItem(key);
  } catch {
    return null;
  }
}
function write(key: string, value: string | null) {
  try {
    if (value === null) window.sessionStorage.removeItem(key);
    else window.sessionStorage.setItem(key, value);
  } catch {
    // Storage disabled: the page opens at its first step.
  }
}

/** The 401 round trip is about to leave this page: its wizard should reopen where it was. */
export function markStepResume() {
  write(RESUME_KEY, JSON.stringify({ path: here(), at: Date.now() }));
}

/** True once, on the page the round trip left, when it is opened again soon after. */
function takeResume(): boolean {
  const raw = read(RESUME_KEY);
  if (!raw) return false;
  try {
    const { path, at } = JSON.parse(raw) as { path: string; at: number };
    if (path !== here()) return false;
    write(RESUME_KEY, null);
    return Date.now() - at < RESUME_WINDOW_MS;
  } catch {
    write(RESUME_KEY, null);
    return false;
  }
}

/**
 * A wizard's current step (0-based): `initial` on opening, unless the page is opened again after the
 * session ended on it, when it is the step the user was on. `count` bounds what is restored.
 */
export function useWizardStep(name: string, count: number, initial: () => number = () => 0) {
  const [step, setStepState] = useState(() => {
    if (takeResume()) {
      const kept = Number(read(stepKey(name)));
      if (Number.isInteger(kept) && kept >= 0 && kept < count) return kept;
    }
    return initial();
  });
  useEffect(() => write(stepKey(name), String(step)), [name, step]);
  const setStep = useCallback((next: SetStateAction<number>) => setStepState(next), []);
  return [step, setStep] as const;
}
