import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack } from '@mantine/core';
import { type ChangePasswordFormValues, changePasswordFormSchema, SECURITY_TOASTS } from '@shared/security';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { PasswordField } from '../../components/PasswordField';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { applyServerErrors } from '../../lib/forms';
import { showToast } from '../../lib/toast';
import { refreshSecurity } from './queries';
import { Section } from './Section';

export function PasswordSection() {
  const form = useForm<ChangePasswordFormValues>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const change = useMutation({
    mutationFn: ({ currentPassword, newPassword }: ChangePasswordFormValues) =>
      api('POST /api/auth/password', { body: { currentPassword, newPassword } }),
    onSuccess: () => {
      form.reset();
      void refreshSecurity('sessions');
      showToast(SECURITY_TOASTS.passwordChanged, { variant: 'success' });
    },
    onError: (error) => {
      if (!applyServerErrors(error, form.setError))
        showToast(SECURITY_TOASTS.failed, {
          variant: 'destructive',
          message: errorMessage(error, SECURITY_TOASTS.failed.message),
        });
    },
  });
  return (
    <Section id="password" title="Password" description="Changing it signs out every other session.">
      <form noValidate onSubmit={form.handleSubmit((values) => change.mutate(values))}>
        <Stack gap="md">
          <PasswordField
            label="Current password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...form.register('currentPassword')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <PasswordField
              label="New password"
              autoComplete="new-password"
              error={errors.newPassword?.message}
              {...form.register('newPassword')}
            />
            <PasswordField
              label="Confirm new password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...form.register('confirmPassword')}
            />
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={change.isPending}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
