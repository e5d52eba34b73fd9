import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { type MasterLpq as MasterLpqData, type MasterLpqInput, masterLpqSchema } from '@shared/master-lpq';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { PageShell } from '../components/PageShell';
import { ATTORNEY_PATHS, afterAttorneySave, useMasterLpq } from '../features/attorney/queries';
import {
  ClientsStep,
  DisclosuresStep,
  DocumentsStep,
  ExperienceStep,
  FinancialStep,
  GeneralInfoStep,
  RequirementsStep,
} from '../features/questionnaires/MasterLpqSteps';
import {
  MASTER_LPQ_STEPS,
  stepOfField,
  toMasterLpqFormValues,
} from '../features/questionnaires/master-lpq-form';
import { StepNav } from '../features/questionnaires/StepNav';
import { apiRequest, errorMessage, fieldErrors } from '../lib/api';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';

const STEP_VIEWS = [
  GeneralInfoStep,
  ExperienceStep,
  FinancialStep,
  ClientsStep,
  RequirementsStep,
  DisclosuresStep,
  DocumentsStep,
];

/** Dotted paths of every error in react-hook-form's nested error tree. */
function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value && typeof value.message === 'string'
      ? [path]
      : errorPaths(value as FieldErrors, path);
  });
}

/**
 * Spec 2.12: seven steps; Next saves a draft (isComplete false) and advances; Save Template validates
 * everything, saves with isComplete true and returns to the dashboard.
 */
export default function MasterLpq() {
  const navigate = useNavigate();
  const saved = useMasterLpq();
  const [step, setStep] = useState(0);
  const form = useForm<MasterLpqInput>({
    resolver: zodResolver(masterLpqSchema),
    defaultValues: toMasterLpqFormValues(null),
  });

  useEffect(() => {
    if (saved.data) form.reset(toMasterLpqFormValues(saved.data));
  }, [saved.data, form]);

  const save = useMutation({
    mutationFn: (body: unknown) => apiRequest<MasterLpqData>('POST', ATTORNEY_PATHS.masterLpq, body),
  });

  const errorSteps = useMemo(
    () => new Set(errorPaths(form.formState.errors).map(stepOfField)),
    [form.formState.errors],
  );
  const jumpToFirstError = (paths: string[]) => {
    if (paths.length) setStep(Math.min(...paths.map(stepOfField)));
  };

  const submit = (isComplete: boolean) => {
    form.setValue('isComplete', isComplete);
    return form.handleSubmit(
      (values) =>
        save.mutate(values, {
          onSuccess: (lpq) => {
            afterAttorneySave(ATTORNEY_PATHS.masterLpq, lpq);
            if (isComplete) {
              showToast(TOASTS.masterLpqSaved, { variant: 'success' });
              navigate('/attorney/dashboard');
            } else {
              showToast(TOASTS.progressSaved, { variant: 'success' });
              setStep((s) => Math.min(s + 1, MASTER_LPQ_STEPS.length - 1));
            }
          },
          onError: (error) => {
            showToast(TOASTS.masterLpqFailed, {
              variant: 'destructive',
              message: errorMessage(error, TOASTS.masterLpqFailed.message),
            });
            applyServerErrors(error, form.setError);
            jumpToFirstError(Object.keys(fieldErrors(error)));
          },
        }),
      (errors) => jumpToFirstError(errorPaths(errors)),
    )();
  };

  const last = step === MASTER_LPQ_STEPS.length - 1;
  const StepView = STEP_VIEWS[step];

  return (
    <PageShell
      title="Master LPQ Template"
      subtitle="Complete it once, share it with every firm that invites you."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
      size="md"
    >
      {saved.isLoading ? (
        <Loader aria-label="Loading your Master LPQ" />
      ) : saved.isError ? (
        <Text c="red.8" role="alert">
          Failed to fetch LPQ data
        </Text>
      ) : (
        <FormProvider {...form}>
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void submit(last);
            }}
          >
            <Stack gap="lg">
              <StepNav steps={MASTER_LPQ_STEPS} active={step} onSelect={setStep} invalid={errorSteps} />
              <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                <Stack gap="md">
                  <Text component="h2" fw={700} fz="lg" m={0}>
                    {step + 1}. {MASTER_LPQ_STEPS[step]}
                  </Text>
                  <StepView />
                </Stack>
              </Paper>
              <Group justify="space-between">
                <Button variant="default" disabled={step === 0} onClick={() => setStep(step - 1)}>
                  Previous
                </Button>
                <Button type="submit" loading={save.isPending}>
                  {last ? 'Save Template' : 'Next'}
                </Button>
              </Group>
            </Stack>
          </form>
        </FormProvider>
      )}
    </PageShell>
  );
}
