import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Stack, TextInput } from '@mantine/core';
import { type FirmRole, TEAM_MESSAGES } from '@shared/team';
import { inviteMemberSchema } from '@shared/team-forms';
import { TEAM_TOASTS } from '@shared/team-texts';
import { IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { errorMessage, statusOf } from '../../lib/api';
import { api } from '../../lib/client';
import { applyServerErrors } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { refreshTeam } from './api';
import { RoleCheckboxes } from './RoleCheckboxes';

type Values = { email: string; roles: FirmRole[] };

/**
 * Invite a member by e-mail with roles (PRODUCT.md §9). Every refusal lands under the field it is about:
 * the address (an attorney's, a member's, an invitation already open) or the roles.
 */
export function InviteForm() {
  const form = useForm<Values>({
    resolver: zodResolver(inviteMemberSchema),
    defaultValues: { email: '', roles: [] },
  });
  const { errors } = form.formState;
  const invite = useMutation({
    mutationFn: (body: Values) => api('POST /api/firm/invitations', { body }),
    onSuccess: () => {
      form.reset();
      void refreshTeam('invitations');
      showToast(TEAM_TOASTS.invited, { variant: 'success' });
    },
    onError: (error) => {
      if (applyServerErrors(error, form.setError)) return;
      const message = errorMessage(error, TEAM_TOASTS.failed.message);
      if (statusOf(error) === 409)
        form.setError(message === TEAM_MESSAGES.diversityCannotReview ? 'roles' : 'email', {
          type: 'server',
          message,
        });
      else showToast(TEAM_TOASTS.failed, { variant: 'destructive', message });
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((values) => invite.mutate(values))}
      aria-label="Invite a member"
    >
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="off"
          placeholder="name@yourfirm.com"
          withAsterisk
          error={errors.email?.message}
          {...form.register('email')}
        />
        <Controller
          control={form.control}
          name="roles"
          render={({ field }) => (
            <RoleCheckboxes
              value={field.value}
              onChange={field.onChange}
              error={errors.roles?.message}
              disabled={invite.isPending}
            />
          )}
        />
        <Group>
          <Button type="submit" loading={invite.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
