import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
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
