import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { TEAM_TOASTS } from '@shared/team-texts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage, fieldErrors, queryClient } from '../../lib/api';
import { api, type BodyOf } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { Section } from '../security/Section';
import { refreshTeam } from '../team/api';
import { AssumptionFields } from './AssumptionFields';
import {
  type AssumptionValues,
  parseValues,
  percentMessage,
  stableJson,
  valuesOf,
} from './assumption-values';
import { BUSINESS_CASE_KEYS, useBusinessCaseDefaults } from './queries';

/**
 * PRODUCT.md §12: the firm's default assumptions (admins), which every request's business case starts
 * from until someone changes its own. Saved with the button; a refusal shows under its field and changes
 * nothing; the change is in the firm's audit trail.
 */
export function BusinessCaseDefaultsSection() {
  const defaults = useBusinessCaseDefaults();
  const [values, setValues] = useState<AssumptionValues | null>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!values && defaults.data) setValues(valuesOf(defaults.data));
  }, [values, defaults.data]);
  const save = useMutation({
    mutationFn: (body: BodyOf<'PUT /api/firm/settings/business-case'>) =>
      api('PUT /api/firm/settings/business-case', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(BUSINESS_CASE_KEYS.defaults, saved);
      setValues(valuesOf(saved));
      setShown(false);
      // The change is in the audit trail below.
      void refreshTeam();
      showToast(TEAM_TOASTS.settingsSaved, { variant: 'success' });
    },
  });
  const parsed = values ? parseValues(values) : null;
  const errors: Record<string, string> = shown && parsed && !parsed.ok ? { ...parsed.errors } : {};
  for (const [field, message] of Object.entries(fieldErrors(save.error)))
    errors[field] ??= percentMessage(message);
  const changed = values && defaults.data && stableJson(values) !== stableJson(valuesOf(defaults.data));

  return (
    <Section
      id="business-case-defaults"
      title="Business case assumptions"
      description="The defaults every request’s business case starts from. A change applies to the requests whose assumptions no one has changed; the attorney never sees them."
    >
      {defaults.isLoading || (!values && !defaults.isError) ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading the business case defaults" />
        </Center>
      ) : !values ? (
        <Text c="red.8" role="alert">
          {errorMessage(defaults.error, 'The defaults could not be loaded. Please reload the page.')}
        </Text>
      ) : (
        <Stack
          gap="md"
          component="form"
          onSubmit={(e) => {
            e.preventDefault();
            setShown(true);
            const p = parseValues(values);
            if (!p.ok) return;
            const { clientHaircuts: _none, ...body } = p.input;
            save.mutate(body);
          }}
        >
          <AssumptionFields
            values={values}
            errors={errors}
            disabled={save.isPending}
            onChange={(key, value) => {
              save.reset();
              setValues((v) => (v ? { ...v, [key]: value } : v));
            }}
          />
          {save.isError && (
            <Alert color="orange" title="The defaults were not changed" role="alert">
              <Text size="sm">{errorMessage(save.error, TEAM_TOASTS.failed.message)}</Text>
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save defaults
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}
