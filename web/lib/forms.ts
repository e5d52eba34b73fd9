import type { zodResolver } from '@hookform/resolvers/zod';
import type { Control, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
import { fieldErrors } from './api';

/** Puts a 400 answer's per-field messages under the fields they belong to. Returns whether any matched. */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
): boolean {
  const errors = fieldErrors(error);
  const keys = Object.keys(errors);
  for (const key of keys) setError(key as Path<T>, { type: 'server', message: errors[key] });
  return keys.length > 0;
}

type ZodSchema = Parameters<typeof zodResolver>[0];

/**
 * zodResolver for a schema that loads on the form's first validation, not with the page: the sign-in page
 * then does not carry zod before anyone submits (bench/page-weight.ts).
 */
export function lazyZodResolver<T extends FieldValues>(loadSchema: () => Promise<ZodSchema>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | undefined;
  return async (values, context, options) => {
    resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as unknown as Resolver<T>,
      (error) => {
        // A failed load (network) is tried again on the next validation.
        resolver = undefined;
        throw error;
      },
    );
    return (await resolver)(values, context, options);
  };
}

/**
 * A whole form's control for a part of the page that edits some of its fields (OfficeFields,
 * QuestionsEditor, ProfessionalFields …): `controlFor(form.control)<OfficesForm>()` compiles only when the
 * form has the part's fields with the part's types. react-hook-form's Control is invariant in its values,
 * so the whole form's control is not the part's by assignment, though the part reads and writes only
 * fields the whole has; this is the one place that says so, checked.
 */
export function controlFor<Whole extends FieldValues, Context, Output>(
  control: Control<Whole, Context, Output>,
) {
  return <Part extends FieldValues>(..._fits: Whole extends Part ? [] : [never]): Control<Part> =>
    control as unknown as Control<Part>;
}
