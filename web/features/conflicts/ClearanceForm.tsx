import { Alert, Button, Group, Radio, Stack, Textarea } from '@mantine/core';
import { LIMITS } from '@shared/limits';
import { CONFLICTS_STATUS_LABELS, CONFLICTS_STATUSES } from '@shared/team';
import type { conflictsStatusSchema } from '@shared/team-forms';
import { TEAM_READER_TOASTS } from '@shared/team-reader-toasts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { applyServerErrors, lazyZodResolver } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { afterDecision } from './api';

type ClearanceInput = z.input<typeof conflictsStatusSchema>;

// zod and the schema load when the form is first checked, not with the page.
const resolver = lazyZodResolver<ClearanceInput>(() =>
  import('@shared/team-forms').then((m) => m.conflictsStatusSchema),
);

const STATUS_HINTS = {
  pending: 'The check is not finished.',
  cleared: 'No conflict of interest was found.',
  issues: 'A conflict needs to be resolved before the firm goes further.',
} as const;

/**
 * PRODUCT.md §9: record a conflicts decision on the version on screen, with an optional note. Nothing typed
 * is lost when saving fails: the form keeps its values, and the reason shows under the field or in a toast.
 */
export function ClearanceForm({ requestId }: { requestId: string }) {
  const [refusal, setRefusal] = useState<string | null>(null);
  const form = useForm<ClearanceInput>({ resolver, defaultValues: { note: '' } });
  const { errors } = form.formState;
  const save = useMutation({
    mutationFn: (body: ClearanceInput) =>
      api('POST /api/firm/lpq-requests/:id/conflicts-status', { params: { id: requestId }, body }),
    onSuccess: (view) => {
      setRefusal(null);
      form.reset({ note: '' });
      afterDecision(requestId, view);
      showToast(TEAM_READER_TOASTS.conflictsRecorded, { variant: 'success' });
    },
    onError: (error) => {
      const placed = applyServerErrors(error, form.setError);
      const message = errorMessage(error, TEAM_READER_TOASTS.conflictsFailed.message);
      if (!placed) setRefusal(message);
      showToast(TEAM_READER_TOASTS.conflictsFailed, { variant: 'destructive', message });
    },
  });
  const onSubmit = form.handleSubmit((values) => {
    setRefusal(null);
    save.mutate(values);
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <Radio.Group
              label="Decision"
              withAsterisk
              value={field.value ?? null}
              onChange={field.onChange}
              error={errors.status?.message}
            >
              <Stack gap="xs" mt="xs">
                {CONFLICTS_STATUSES.map((s) => (
                  <Radio
                    key={s}
                    value={s}
                    label={CONFLICTS_STATUS_LABELS[s]}
                    description={STATUS_HINTS[s]}
                    ref={s === CONFLICTS_STATUSES[0] ? field.ref : undefined}
                  />
                ))}
              </Stack>
            </Radio.Group>
          )}
        />
        <Textarea
          label="Note"
          description={`Optional. What was checked and what was found (at most ${LIMITS.mediumText} characters).`}
          autosize
          minRows={3}
          maxRows={10}
          error={errors.note?.message}
          {...form.register('note')}
        />
        {refusal && (
          <Alert color="red" variant="light" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={save.isPending}>
            Record Decision
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
