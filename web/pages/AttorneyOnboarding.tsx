import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Loader,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import {
  ONBOARDING_EMPLOYMENT_TYPE_LABELS,
  ONBOARDING_EMPLOYMENT_TYPES,
  type OnboardingValues,
  onboardingSchema,
  POSITION_LABELS,
} from '@shared/attorney';
import type { FileRef } from '@shared/files';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import { prefillOnboarding } from '@shared/prefill';
import { TOASTS } from '@shared/texts';
import { IconCircleCheck, IconClock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Control, type FieldPath, useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import { masterLpqUpdate, onboardingValuesFrom } from '../features/attorney/onboarding';
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
import { DocumentsUploader, ResumeUploader } from '../features/files';
import { marksOf, setPrefillMarks } from '../features/prefill/marks';
import { optionsOf, SelectField, TextareaField, TextField } from '../features/questionnaires/fields';
import { errorMessage, queryClient } from '../lib/api';
import { onboardingQueryKey, useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api } from '../lib/client';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';

const STEPS = [
  'Basic Information',
  'Professional Profile',
  'Master LPQ Creation',
  'Document Upload',
  'Review & Submit',
  'Welcome Complete',
] as const;
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
  return Number.isInteger(n) && n >= 1 && n <= STEPS.length ? n - 1 : null;
}

function ReviewRow({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" miw={{ base: 120, sm: 180 }} maw={{ base: 120, sm: 180 }}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value || '—'}
      </Text>
    </Group>
  );
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
  const professional = control as unknown as Control<ProfessionalForm>;
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
    if (step !== STEPS.length - 1 || finished.current || !user) return;
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
          showToast(TOASTS.progressSaved, { variant: 'success' });
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

  return (
    <WizardShell
      title="Welcome to Lateral Passport"
      subtitle="Set up your profile and Master LPQ in a few steps."
      status={!loading && <SaveState autosave={autosave} />}
      nav={<StepNav steps={STEPS} active={step} onSelect={goTo} lastSelectable={step} />}
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
                    {STEPS[step]}
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
                  {step === 2 && (
                    <>
                      <TextareaField
                        control={control}
                        name="personalSummary"
                        label="Personal Summary"
                        required
                      />
                      <SelectField
                        control={control}
                        name="employmentType"
                        label="Current Employment Type"
                        required
                        data={optionsOf(ONBOARDING_EMPLOYMENT_TYPES, ONBOARDING_EMPLOYMENT_TYPE_LABELS)}
                      />
                      <TextareaField
                        control={control}
                        name="compensationExpectations"
                        label="Compensation Expectations"
                      />
                      <TextareaField
                        control={control}
                        name="clientPortability"
                        label="Client Information and Portability"
                        required
                      />
                      <TextareaField control={control} name="supportNeeded" label="Support Requirements" />
                    </>
                  )}
                  {step === 3 && (
                    <>
                      <Stack gap="xs">
                        <Text fw={600}>
                          Resume{' '}
                          <Text span c="red">
                            *
                          </Text>
                        </Text>
                        <Text size="sm" c="dimmed">
                          PDF, DOC or DOCX, up to 10MB.
                        </Text>
                        <ResumeUploader value={profile.data?.resumeUrl} onChange={() => profile.refetch()} />
                      </Stack>
                      <Stack gap="xs">
                        <Text fw={600}>Writing Samples (optional)</Text>
                        <Text size="sm" c="dimmed">
                          PDF documents, up to 10MB each.
                        </Text>
                        <DocumentsUploader
                          value={lpq.data?.documents ?? []}
                          onChange={(documents) => saveDocuments.mutate(documents)}
                          label="Writing samples"
                        />
                      </Stack>
                      <TextareaField
                        control={control}
                        name="references"
                        label="Professional References"
                        description="3 to 5 references: name, title, organisation and contact details."
                      />
                    </>
                  )}
                  {step === 4 && (
                    <Stack gap="lg">
                      {(
                        [
                          [
                            0,
                            [
                              ['Name', `${user?.firstName ?? ''} ${user?.lastName ?? ''}`],
                              ['Email', user?.email ?? ''],
                              ['Phone', values.phone ?? ''],
                            ],
                          ],
                          [
                            1,
                            [
                              ['Current Firm', values.currentFirm ?? ''],
                              ['Position', values.position ? POSITION_LABELS[values.position] : ''],
                              ['Years of Experience', values.yearsExperience?.toString() ?? ''],
                              ['Law School', values.lawSchool ?? ''],
                              ['Graduation Year', values.graduationYear?.toString() ?? ''],
                              ['Bar Admissions', values.barAdmissions ?? ''],
                              ['Practice Areas', (values.practiceAreas ?? []).join(', ')],
                            ],
                          ],
                          [
                            2,
                            [
                              ['Personal Summary', values.personalSummary ?? ''],
                              [
                                'Employment Type',
                                values.employmentType
                                  ? ONBOARDING_EMPLOYMENT_TYPE_LABELS[values.employmentType]
                                  : '',
                              ],
                              ['Compensation Expectations', values.compensationExpectations ?? ''],
                              ['Client Information', values.clientPortability ?? ''],
                              ['Support Requirements', values.supportNeeded ?? ''],
                            ],
                          ],
                          [
                            3,
                            [
                              ['Resume', profile.data?.resumeUrl ? 'Uploaded' : 'Not uploaded yet'],
                              ['References', values.references ?? ''],
                            ],
                          ],
                        ] as const
                      ).map(([index, rows]) => (
                        <Paper key={index} withBorder p="md" radius="md">
                          <Group justify="space-between" mb="xs">
                            <Text fw={600}>{STEPS[index]}</Text>
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              onClick={() => goTo(index)}
                              aria-label={`Edit ${STEPS[index]}`}
                            >
                              Edit
                            </Button>
                          </Group>
                          <Stack gap={4}>
                            {rows.map(([label, value]) => (
                              <ReviewRow key={label} label={label} value={value} />
                            ))}
                          </Stack>
                        </Paper>
                      ))}
                    </Stack>
                  )}
                  {step === 5 && (
                    <Stack gap="md" align="center" ta="center" py="lg">
                      <IconCircleCheck size={56} color="var(--mantine-color-teal-6)" aria-hidden />
                      <Title order={3}>You are all set, {user?.firstName}!</Title>
                      <Text c="dimmed" maw={460}>
                        Your profile and Master LPQ are saved. Complete the rest of your Master LPQ, then
                        share it with any firm that invites you. Reply to invitations within 48 hours.
                      </Text>
                      <Button component={Link} to="/attorney/dashboard">
                        Go to Dashboard
                      </Button>
                    </Stack>
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
