import type { zodResolver } from '@hookform/resolvers/zod';
import type { FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form';
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
 * then does not carry zod (~24 KB gzipped) before anyone submits (bench/page-weight.ts).
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
