import { Alert, Anchor, Center, Loader, Stack, Switch, Text } from '@mantine/core';
import { TEAM_MESSAGES } from '@shared/team';
import type { FirmSettings } from '@shared/team-forms';
import { FIRM_SETTING_DESCRIPTIONS, FIRM_SETTING_LABELS, TEAM_TOASTS } from '@shared/team-texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, queryClient } from '../../lib/api';
import { api } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { Section } from '../security/Section';
import { refreshTeam, TEAM_KEYS, useFirmSettings } from './api';

const SETTINGS = ['requireTwoFactor', 'acceptSelfIdentification'] as const;

/**
 * The firm's settings (PRODUCT.md §9, §10): each switch saves at once (after a recent sign-in, lib/reauth).
 * Requiring a second factor before the admin has one is refused: the reason and the way to enrol show.
 */
export function SettingsSection() {
  const settings = useFirmSettings();
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: (body: FirmSettings) => api('PUT /api/firm/settings', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(TEAM_KEYS.settings, saved);
      void refreshTeam();
      showToast(TEAM_TOASTS.settingsSaved, { variant: 'success' });
    },
    onError: (error) => setProblem(errorMessage(error, TEAM_TOASTS.failed.message)),
  });
  const current = settings.data;
  return (
    <Section
      id="settings"
      title="Settings"
      description="Each change saves at once and is kept in the audit trail."
    >
      {settings.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading settings" />
        </Center>
      ) : !current ? (
        <Text c="red.8" role="alert">
          {errorMessage(settings.error, 'The settings could not be loaded. Please reload the page.')}
        </Text>
      ) : (
        <Stack gap="lg">
          {SETTINGS.map((key) => (
            <Switch
              key={key}
              size="md"
              label={FIRM_SETTING_LABELS[key]}
              description={FIRM_SETTING_DESCRIPTIONS[key]}
              checked={save.isPending && save.variables ? save.variables[key] : current[key]}
              disabled={save.isPending}
              onChange={(e) => {
                setProblem(null);
                save.mutate({ ...current, [key]: e.currentTarget.checked });
              }}
              styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
            />
          ))}
          {problem && (
            <Alert color="orange" title="The setting was not changed" role="alert">
              <Text size="sm">{problem}</Text>
              {problem === TEAM_MESSAGES.enrolBeforeRequiring && (
                <Anchor component={Link} to="/account/security" size="sm" fw={500} underline="always">
                  Set up two-step sign-in for your account
                </Anchor>
              )}
            </Alert>
          )}
        </Stack>
      )}
    </Section>
  );
}
