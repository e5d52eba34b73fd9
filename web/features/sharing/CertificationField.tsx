import { Paper, Stack, Text, TextInput } from '@mantine/core';
import {
  CERTIFICATION_LABELS,
  CERTIFICATION_MESSAGES,
  CERTIFICATION_STATEMENT,
  nameMatchesAccount,
} from '@shared/certification';
import { IconCertificate } from '@tabler/icons-react';
import { useState } from 'react';
import { useAuth } from '../../lib/auth';

/**
 * PRODUCT.md §11: the certification the share and update dialogs always ask for: the statement, and the
 * attorney's full name typed under it (checked here as the server checks it: the account's name, case
 * and spacing aside). `serverError` is the server's message for `certification.fullName`.
 */
export function useCertification(serverError?: string) {
  const { user } = useAuth();
  const [fullName, setFullName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const problemWith = (name: string) =>
    !name.trim()
      ? CERTIFICATION_MESSAGES.nameRequired
      : user && !nameMatchesAccount(name, user)
        ? CERTIFICATION_MESSAGES.nameMismatch
        : null;
  return {
    fullName,
    error: error ?? serverError ?? null,
    onChange: (name: string) => {
      setFullName(name);
      // Once shown, the message follows the typing; it first shows on submit.
      if (error) setError(problemWith(name));
    },
    /** True when the name may be sent; otherwise the message shows under the field. */
    check: () => {
      const problem = problemWith(fullName);
      setError(problem);
      return problem === null;
    },
    body: { fullName },
  };
}

export function CertificationField({
  certification,
  disabled,
}: {
  certification: ReturnType<typeof useCertification>;
  disabled?: boolean;
}) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Stack gap="xs">
        <Text size="sm" fw={600} component="p" style={{ display: 'flex', gap: 6, alignItems: 'center' }}>
          <IconCertificate size={18} aria-hidden />
          Certification
        </Text>
        <Text size="sm" fs="italic">
          {CERTIFICATION_STATEMENT}
        </Text>
        <TextInput
          label={CERTIFICATION_LABELS.field}
          description={CERTIFICATION_LABELS.description}
          autoComplete="name"
          required
          value={certification.fullName}
          onChange={(e) => certification.onChange(e.currentTarget.value)}
          error={certification.error}
          disabled={disabled}
        />
      </Stack>
    </Paper>
  );
}
