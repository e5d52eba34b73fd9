import { useEffect, useRef, useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { LOCAL_PREFIX } from './unsaved-input';

/**
 * The registration wizards keep what is typed over a reload — in this tab only
 * (sessionStorage), passwords never. Opening the page again puts the input back and returns to the step
 * the user was on, at most `resumeStep` (the step that asks for the password, which must be typed again).
 * `forget()` drops it once the account exists.
 */
export function useKeptInput<T extends FieldValues>(opts: {
  form: UseFormReturn<T>;
  name: string;
  /** Fields never kept (passwords). */
  never: readonly string[];
  step: number;
  setStep: (step: number) => void;
  resumeStep: number;
}) {
  const { form, name, never, step, setStep, resumeStep } = opts;
  const key = `${LOCAL_PREFIX}register.${name}`;
  const [restored, setRestored] = useState(false);
  const loaded = useRef(false);

  // Opening: put back what this tab kept.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page opens
  useEffect(() => {
    if (loaded.current) return;
    loaded.current = true;
    let kept: { values: Partial<T>; step: number } | null = null;
    try {
      const raw = window.sessionStorage.getItem(key);
      kept = raw ? (JSON.parse(raw) as { values: Partial<T>; step: number }) : null;
    } catch {
      kept = null;
    }
    if (!kept?.values || typeof kept.values !== 'object') return;
    form.reset({ ...form.getValues(), ...kept.values }, { keepDefaultValues: true });
    setStep(Math.min(Math.max(0, Number(kept.step) || 0), resumeStep));
    setRestored(true);
  }, []);

  // Typing and moving on: keep the values but the passwords, and the step.
  useEffect(() => {
    const save = () => {
      const values = { ...form.getValues() } as Record<string, unknown>;
      for (const field of never) delete values[field];
      try {
        window.sessionStorage.setItem(key, JSON.stringify({ values, step }));
      } catch {
        // Storage full or disabled: a reload starts over, as before.
      }
    };
    const subscription = form.watch((_values, { name: field }) => {
      if (field && !never.includes(field)) save();
    });
    if (loaded.current) save();
    return () => subscription.unsubscribe();
  }, [form, key, never, step]);

  const forget = () => {
    try {
      window.sessionStorage.removeItem(key);
    } catch {
      // Nothing kept.
    }
  };
  return { restored, forget };
}
