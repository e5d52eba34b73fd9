import { Text } from '@mantine/core';
import { type Prefill, sameValue, valueAt } from '@shared/prefill';
import { PREFILL_MARKS, type PrefillSource } from '@shared/prefill-sources';
import { IconSparkles } from '@tabler/icons-react';
import { type ReactNode, useSyncExternalStore } from 'react';

/** Each prefilled field's starting value and where it came from, by field path. */
export type FieldMarks = Record<string, { source: PrefillSource; value: unknown }>;

/** The marks of a prefill: every field it filled, with the value it put there. */
export function marksOf(prefill: Prefill<unknown>): FieldMarks {
  return Object.fromEntries(
    Object.entries(prefill.prefilled).map(([path, source]) => [
      path,
      { source, value: valueAt(prefill.values, path) },
    ]),
  );
}

// The marks of one form live beside its react-hook-form control, so every bound field finds its own
// without a provider around the page.
const marksByForm = new WeakMap<object, FieldMarks>();
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Sets a form's marks (`replace`) or adds to them (an auto-populate that fills more fields). */
export function setPrefillMarks(form: object, marks: FieldMarks, mode: 'replace' | 'add' = 'replace') {
  marksByForm.set(form, mode === 'add' ? { ...marksByForm.get(form), ...marks } : marks);
  for (const listener of listeners) listener();
}

/** The line under a prefilled field's label; read with the field (aria-describedby). */
export function PrefillNote({ source }: { source: PrefillSource }) {
  return (
    <Text span display="block" size="xs" c="teal.9" data-prefilled={source}>
      <IconSparkles size={12} aria-hidden style={{ verticalAlign: '-1px', marginRight: 4 }} />
      {PREFILL_MARKS[source]}
    </Text>
  );
}

/** The mark of a field while it still holds its prefilled value; once edited, none. */
export function prefillMark(marks: FieldMarks | undefined, name: string, value: unknown): ReactNode {
  const mark = marks?.[name];
  return mark && sameValue(mark.value, value) ? <PrefillNote source={mark.source} /> : null;
}

export function useFieldMark(form: object, name: string, value: unknown): ReactNode {
  const marks = useSyncExternalStore(subscribe, () => marksByForm.get(form));
  return prefillMark(marks, name, value);
}

/** A field's own description with its prefill mark under it. */
export function withMark(description: ReactNode, mark: ReactNode): ReactNode {
  if (!mark) return description;
  return description ? (
    <>
      {description}
      {mark}
    </>
  ) : (
    mark
  );
}
