import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Loader, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { type OnboardingValues, onboardingSchema } from '@shared/attorney';
import type { FileRef } from '@shared/files';
import { missingAnswers } from '@shared/master-lpq-answers';
import { missingOnboardingAnswers, onboardingStepStatuses } from '@shared/onboarding-answers';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import { prefillOnboarding } from '@shared/prefill';
import { TOASTS } from '@shared/texts';
import { IconClock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import { masterLpqUpdate, onboardingValuesFrom } from '../features/attorney/onboarding';
import { DocumentsStep } from '../features/attorney/onboarding-steps/DocumentsStep';
import { MasterLpqStep } from '../features/attorney/onboarding-steps/MasterLpqStep';
import { ReviewStep } from '../features/attorney/onboarding-steps/ReviewStep';
import { ONBOARDING_STEPS } from '../features/attorney/onboarding-steps/steps';
import { WelcomeStep } from '../features/attorney/onboarding-steps/WelcomeStep';
import {
  PracticeAreasField,
  ProfessionalFields,
  type ProfessionalForm,
} from '../features/attorney/ProfessionalFields';
import {
  ATTORNEY_PATHS,
  afterAttorneySave,
  useAttorneyProfile,
  useMasterLpq,
} from '../features/attorney/queries';
import { marksOf, setPrefillMarks } from '../features/prefill/marks';
import { TextField } from '../features/questionnaires/fields';
import type { MissingItem } from '../features/questionnaires/WhatIsMissing';
import { errorMessage, queryClient } from '../lib/api';
import { onboardingQueryKey, useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { showStepSaved, showToast } from '../lib/toast';

const PROFILE_STEP_FIELDS: FieldPath<OnboardingValues>[][] = [
  ['phone'],
  [
    'currentFirm',
    'position',
    'yearsExperience',
    'lawSchool',
    'graduationYear',
    'barAdmissions',
    'practiceAreas',
  ],
];

/** The step from `?step=N` (1-based); anything else is not a step. */
function stepFromParams(params: URLSearchParams): number | null {
  const raw = params.get('step');
  if (raw === null) return 0;
  const n = Number(raw);
  return Number.isInteger(n) && n >= 1 && n <= ONBOARDING_STEPS.length ? n - 1 : null;
}

/** Spec 2.5 + PRODUCT.md §2: six steps; each Next Step saves what its step holds. */
export default function AttorneyOnboarding() {
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const step = stepFromParams(params);
  const profile = useAttorneyProfile();
  const lpq = useMasterLpq();
  const form = useForm<OnboardingValues>({
    resolver: zodResolver(onboardingSchema),
    defaultValues: onboardingValuesFrom(null, null),
  });
  const { control } = form;
  const professional = controlFor(control)<ProfessionalForm>();
  const loaded = useRef(false);

  useEffect(() => {
    if (loaded.current || profile.isLoading || lpq.isLoading) return;
    loaded.current = true;
    const start = prefillOnboarding(onboardingValuesFrom(profile.data, lpq.data), {
      profile: profile.data,
      masterLpq: lpq.data,
    });
    form.reset(start.values);
    setPrefillMarks(form.control, marksOf(start));
  }, [profile.isLoading, profile.data, lpq.isLoading, lpq.data, form]);
  const latestSave = [profile.data?.updatedAt, lpq.data?.updatedAt].filter(Boolean).sort().at(-1);
  const autosave = useAutosave({
    form,
    name: 'onboarding',
    userId: user?.id,
    ready: !profile.isLoading && !lpq.isLoading,
    recordUpdatedAt: latestSave,
  });

  const goTo = (index: number) => setParams({ step: String(index + 1) });

  // Reaching Welcome Complete finishes onboarding, whichever way the attorney got there: from now on
  // sign-in lands on the dashboard (PRODUCT.md §2).
  const finished = useRef(false);
  useEffect(() => {
    if (step !== ONBOARDING_STEPS.length - 1 || finished.current || !user) return;
    finished.current = true;
    void api('POST /api/attorney/onboarding/complete').then(
      (status) => queryClient.setQueryData(onboardingQueryKey(user), status),
      () => {
        finished.current = false;
      },
    );
  }, [step, user]);

  const saveStep = useMutation({
    mutationFn: async ({ index, values }: { index: number; values: OnboardingValues }) => {
      if (index <= 1) {
        const fields = PROFILE_STEP_FIELDS[index];
        const body = Object.fromEntries(fields.map((f) => [f, values[f as keyof OnboardingValues]]));
        const saved = await api('PUT /api/attorney/profile', { body });
        afterAttorneySave(ATTORNEY_PATHS.profile, saved);
      } else if (index <= 3) {
        const body = masterLpqUpdate(lpq.data, values, index === 2 ? 'lpq' : 'documents');
        const saved = await api('POST /api/attorney/master-lpq', { body });
        afterAttorneySave(ATTORNEY_PATHS.masterLpq, saved);
      }
    },
  });

  // Documents are kept as soon as they are uploaded, like the resume, so leaving the wizard loses none.
  const saveDocuments = useMutation({
    mutationFn: (documents: FileRef[]) =>
      api('POST /api/attorney/master-lpq', {
        body: { documents, isComplete: lpq.data?.isComplete ?? false },
      }),
    onSuccess: (saved) => afterAttorneySave(ATTORNEY_PATHS.masterLpq, saved),
    onError: (error) =>
      showToast(TOASTS.masterLpqFailed, {
        variant: 'destructive',
        message: errorMessage(error, TOASTS.masterLpqFailed.message),
      }),
  });

  const next = form.handleSubmit((values) => {
    if (step === null) return;
    if (step >= 4) {
      goTo(step + 1);
      return;
    }
    saveStep.mutate(
      { index: step, values },
      {
        onSuccess: () => {
          autosave.markSaved();
          showStepSaved();
          goTo(step + 1);
        },
        onError: (error) => {
          applyServerErrors(error, form.setError);
          showToast(TOASTS.lpqSaveFailed, {
            variant: 'destructive',
            message: errorMessage(error, TOASTS.lpqSaveFailed.message),
          });
        },
      },
    );
  });

  if (step === null) {
    return (
      <WizardShell
        title="Welcome to Lateral Passport"
        back={{ to: '/attorney/onboarding', label: 'Start again' }}
      >
        <Text role="alert">Invalid step</Text>
      </WizardShell>
    );
  }

  const values = form.watch();
  const loading = profile.isLoading || lpq.isLoading;
  // One rule (spec §5's required markers) for the steps' marks, the review and the end.
  const resumeUploaded = !!profile.data?.resumeUrl;
  const missing = missingOnboardingAnswers(values, resumeUploaded);
  const masterMissing = lpq.data ? missingAnswers(lpq.data).length : null;
  const jumpTo = (item: MissingItem) => {
    goTo(item.step ?? 0);
    // Once the step is on screen (a slow device may take a few frames), put the cursor in the field.
    const selector = `[name="${CSS.escape(item.field)}"]:not([type="hidden"]), [data-field="${CSS.escape(item.field)}"] input`;
    const deadline = performance.now() + 3000;
    const focusWhenShown = () => {
      const input = document.querySelector<HTMLElement>(selector);
      if (input) input.focus();
      else if (performance.now() < deadline) requestAnimationFrame(focusWhenShown);
    };
    requestAnimationFrame(focusWhenShown);
  };

  return (
    <WizardShell
      title="Welcome to Lateral Passport"
      subtitle="Set up your profile and Master LPQ in a few steps."
      status={!loading && <SaveState autosave={autosave} />}
      nav={
        <StepNav
          steps={ONBOARDING_STEPS}
          active={step}
          onSelect={goTo}
          lastSelectable={step}
          status={loading ? undefined : onboardingStepStatuses(missing)}
        />
      }
    >
      <Stack gap="lg">
        <Alert icon={<IconClock aria-hidden />} variant="light" color="navy">
          Tip: reply to firm invitations within 48 hours.
        </Alert>
        {loading ? (
          <Loader aria-label="Loading your details" />
        ) : (
          <form
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void next();
            }}
          >
            <Stack gap="lg">
              <RestoredNotice autosave={autosave} />
              <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                <Stack gap="md">
                  <Title order={2} fz="lg">
                    {ONBOARDING_STEPS[step]}
                  </Title>
                  {step === 0 && (
                    <SimpleGrid cols={{ base: 1, sm: 2 }}>
                      <TextInput label="First Name" value={user?.firstName ?? ''} readOnly />
                      <TextInput label="Last Name" value={user?.lastName ?? ''} readOnly />
                      <TextInput label="Email" value={user?.email ?? ''} readOnly />
                      <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
                    </SimpleGrid>
                  )}
                  {step === 1 && (
                    <>
                      <ProfessionalFields control={professional} required />
                      <PracticeAreasField
                        control={professional}
                        areas={PROFILE_PRACTICE_AREAS}
                        cols={{ base: 1, xs: 2, sm: 3 }}
                        required
                      />
                    </>
                  )}
                  {step === 2 && <MasterLpqStep control={control} />}
                  {step === 3 && (
                    <DocumentsStep
                      control={control}
                      resumeUrl={profile.data?.resumeUrl}
                      onResumeChange={() => profile.refetch()}
                      documents={lpq.data?.documents ?? []}
                      onDocumentsChange={(documents) => saveDocuments.mutate(documents)}
                    />
                  )}
                  {step === 4 && (
                    <ReviewStep
                      user={user}
                      values={values}
                      resumeUploaded={resumeUploaded}
                      onEdit={goTo}
                      missing={missing}
                      onJump={jumpTo}
                    />
                  )}
                  {step === 5 && (
                    <WelcomeStep
                      firstName={user?.firstName}
                      missing={missing}
                      masterMissing={masterMissing}
                      onJump={jumpTo}
                    />
                  )}
                </Stack>
              </Paper>
              {step < 5 && (
                <WizardFooter
                  back={
                    <Button variant="default" disabled={step === 0} onClick={() => goTo(step - 1)}>
                      Previous
                    </Button>
                  }
                  next={
                    <Button type="submit" loading={saveStep.isPending}>
                      Next Step
                    </Button>
                  }
                />
              )}
            </Stack>
          </form>
        )}
      </Stack>
    </WizardShell>
  );
}
