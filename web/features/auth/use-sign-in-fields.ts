import type { LoginInput } from '@shared/auth';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { fieldErrors } from '../../lib/api';

/**
 * The sign-in form's two fields, checked as react-hook-form checks the app's other forms (on submit, then
 * again as a field changes; the first wrong field focused; a 400's messages under their fields), without
 * carrying react-hook-form on /auth: it was 15 KB of the page's 150 KB budget (bench/page-weight.ts).
 * zod and the schema load when the form is first checked (on submit), not with the page.
 */
type Field = keyof LoginInput;
type Errors = Partial<Record<Field, string>>;
const FIELDS: readonly Field[] = ['email', 'password'];

type LoginSchema = typeof import('@shared/auth')['loginSchema'];
let schema: Promise<LoginSchema> | undefined;
const loadSchema = () => {
  schema ??= import('@shared/auth').then(
    (m) => m.loginSchema,
    (error) => {
      // A failed load (network) is tried again on the next check.
      schema = undefined;
      throw error;
    },
  );
  return schema;
};

async function check(values: LoginInput): Promise<{ data?: LoginInput; errors: Errors }> {
  const result = (await loadSchema()).safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0] as Field;
    if (FIELDS.includes(name) && !errors[name]) errors[name] = issue.message;
  }
  return { errors };
}

export function useSignInFields() {
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors>({});
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  const field = (name: Field) => ({
    name,
    value: values[name],
    ref: (el: HTMLInputElement | null) => {
      inputs.current[name] = el;
    },
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      const next = { ...values, [name]: e.currentTarget.value };
      setValues(next);
      if (submitted.current)
        void check(next).then(
          (r) => setErrors((before) => ({ ...before, [name]: r.errors[name] })),
          () => {},
        );
    },
  });

  const handleSubmit = (onValid: (values: LoginInput) => void) => async (e: FormEvent) => {
    e.preventDefault();
    submitted.current = true;
    const r = await check(values);
    setErrors(r.errors);
    if (r.data) onValid(r.data);
    else inputs.current[FIELDS.find((f) => r.errors[f]) ?? 'email']?.focus();
  };

  /** A 400's per-field messages under their fields. */
  const applyServerErrors = (error: unknown) => {
    const server = fieldErrors(error);
    const named = FIELDS.filter((f) => server[f]);
    if (named.length)
      setErrors((before) => ({ ...before, ...Object.fromEntries(named.map((f) => [f, server[f]])) }));
  };

  return { values, errors, field, handleSubmit, applyServerErrors };
}
