import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, List, Modal, Paper, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import {
  ACCOUNT_DELETION_FACTS,
  ACCOUNT_TOASTS,
  DELETE_ACCOUNT_PHRASE,
  type DeleteAccountInput,
  deleteAccountSchema,
} from '@shared/account';
import { AUDIT_TRAIL_TEXTS } from '@shared/audit-trail';
import { PACKAGE_SHARED_STATUSES } from '@shared/requests';
import { IconDownload, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageShell } from '../components/PageShell';
import { PasswordField } from '../components/PasswordField';
import { AuditTrailActions } from '../features/record/AuditTrailActions';
import { useAllAttorneyRequests } from '../features/sharing/queries';
import { errorMessage } from '../lib/api';
import { forgetSession } from '../lib/auth';
import { api, type BodyOf } from '../lib/client';
import { apiDownload } from '../lib/download';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';

/** What the download holds, in the attorney's words. */
const EXPORT_CONTENTS = [
  'Your account details, profile and voluntary self-identification',
  'Your Master LPQ, conflicts form and business plan',
  'Every request firms sent you, with its status and dates, and your position LPQs',
  'Every version of every package you shared, as data and as the PDF the firm saw',
  'Your uploaded documents’ names and sizes, the access log and your activity',
  'The audit trail of every request, as CSV and as a PDF per request',
];

/** PRODUCT.md §11: the whole account's audit trail, and its check. */
function AuditTrailSection() {
  return (
    <Paper
      withBorder
      p={{ base: 'md', sm: 'lg' }}
      radius="md"
      component="section"
      aria-labelledby="audit-trail"
    >
      <Stack gap="sm">
        <Title order={2} fz="lg" id="audit-trail">
          {AUDIT_TRAIL_TEXTS.title}
        </Title>
        <Text size="sm" c="dimmed">
          {AUDIT_TRAIL_TEXTS.accountDescription}
        </Text>
        <AuditTrailActions target={{ side: 'account' }} heading={false} />
      </Stack>
    </Paper>
  );
}

function DataDownload() {
  const download = useMutation({
    mutationFn: () => apiDownload('GET /api/attorney/data-export', 'lateral-passport-export.zip'),
    onError: (error) =>
      showToast(ACCOUNT_TOASTS.exportFailed, {
        variant: 'destructive',
        message: errorMessage(error, ACCOUNT_TOASTS.exportFailed.message),
      }),
  });
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby="export">
      <Stack gap="md">
        <div>
          <Title order={2} fz="lg" id="export">
            Download my data
          </Title>
          <Text size="sm" c="dimmed" mt={4}>
            One ZIP file: a JSON file with everything Lateral Passport holds about you, and a folder of PDFs.
          </Text>
        </div>
        <List size="sm" spacing={4}>
          {EXPORT_CONTENTS.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
        <Group>
          <Button
            leftSection={<IconDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate()}
          >
            Download my data
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function DeleteAccountModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const requests = useAllAttorneyRequests();
  const activeShares = (requests.data ?? []).filter((r) => PACKAGE_SHARED_STATUSES.includes(r.status));
  const form = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: '', confirmation: '' },
  });
  const [password, confirmation] = form.watch(['password', 'confirmation']);
  const remove = useMutation({
    mutationFn: (body: BodyOf<'POST /api/attorney/delete-account'>) =>
      api('POST /api/attorney/delete-account', { body }),
    onSuccess: () => {
      forgetSession();
      navigate('/', { replace: true });
      showToast(ACCOUNT_TOASTS.deleted, { variant: 'success' });
    },
    onError: (error) => {
      if (!applyServerErrors(error, form.setError))
        showToast(ACCOUNT_TOASTS.deleteFailed, {
          variant: 'destructive',
          message: errorMessage(error, ACCOUNT_TOASTS.deleteFailed.message),
        });
    },
  });
  const close = () => {
    if (remove.isPending) return;
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Delete your account?" centered size="lg">
      <form onSubmit={form.handleSubmit((values) => remove.mutate(values))} noValidate>
        <Stack gap="md">
          <List size="sm" spacing={6}>
            {ACCOUNT_DELETION_FACTS.map((fact, i) => (
              <List.Item key={fact} fw={i === ACCOUNT_DELETION_FACTS.length - 1 ? 600 : undefined}>
                {fact}
              </List.Item>
            ))}
          </List>
          {activeShares.length > 0 && (
            <div>
              <Text size="sm" fw={600}>
                {activeShares.length === 1
                  ? 'This share is revoked now:'
                  : `These ${activeShares.length} shares are revoked now:`}
              </Text>
              <List size="sm" spacing={2} mt={4}>
                {activeShares.map((r) => (
                  <List.Item key={r.id}>
                    {r.firmName} — {r.positionTitle}
                  </List.Item>
                ))}
              </List>
            </div>
          )}
          <Text size="sm" c="dimmed">
            Download your data first if you want to keep a copy.
          </Text>
          <Controller
            control={form.control}
            name="password"
            render={({ field, fieldState }) => (
              <PasswordField
                {...field}
                label="Password"
                autoComplete="current-password"
                error={fieldState.error?.message}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="confirmation"
            render={({ field, fieldState }) => (
              <TextInput
                {...field}
                label={`Type ${DELETE_ACCOUNT_PHRASE} to confirm`}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                error={fieldState.error?.message}
              />
            )}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button
              type="submit"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              disabled={!password || !confirmation}
              loading={remove.isPending}
            >
              Delete my account
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** The attorney's data rights — a copy of everything, and deleting the account. */
export default function AttorneyAccount() {
  const [deleting, setDeleting] = useState(false);
  return (
    <PageShell
      title="Your Data"
      subtitle="Take a copy of everything Lateral Passport holds about you, or close your account."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
      size="md"
    >
      <Stack gap="lg">
        <DataDownload />
        <AuditTrailSection />
        <Paper
          withBorder
          p={{ base: 'md', sm: 'lg' }}
          radius="md"
          component="section"
          aria-labelledby="delete-account"
          style={{ borderColor: 'var(--mantine-color-red-6)' }}
        >
          <Stack gap="md">
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon color="red" variant="light" radius="md" aria-hidden>
                <IconTrash size={18} />
              </ThemeIcon>
              <div>
                <Title order={2} fz="lg" id="delete-account">
                  Delete account
                </Title>
                <Text size="sm" c="dimmed" mt={4}>
                  Erases your account and everything in it, and ends every firm’s access to what you shared.
                  This cannot be undone.
                </Text>
              </div>
            </Group>
            <Group>
              <Button color="red" variant="outline" onClick={() => setDeleting(true)}>
                Delete account…
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
      <DeleteAccountModal opened={deleting} onClose={() => setDeleting(false)} />
    </PageShell>
  );
}
