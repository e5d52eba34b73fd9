import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import {
  BUSINESS_PLAN_FIELDS,
  BUSINESS_PLAN_STEPS,
  type BusinessPlan as BusinessPlanData,
  type BusinessPlanInput,
  businessPlanSchema,
  FIRM_STRUCTURE_LABELS,
  FIRM_STRUCTURES,
} from '@shared/business-plan';
import { BUSINESS_PLAN_PRACTICE_AREA_FIELDS, MILESTONE_FIELDS } from '@shared/package-labels';
import { prefillBusinessPlan } from '@shared/prefill';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type FieldErrors, type FieldPath, useForm } from 'react-hook-form';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import {
  ATTORNEY_PATHS,
  afterAttorneySave,
  useAttorneyProfile,
  useBusinessPlan,
  useMasterLpq,
} from '../features/attorney/queries';
import { marksOf, setPrefillMarks } from '../features/prefill/marks';
import { optionsOf, TextareaField, TextField } from '../features/questionnaires/fields';
import { ListField, listOf } from '../features/questionnaires/ListField';
import { SelectField } from '../features/questionnaires/select-field';
import { fieldErrors } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';
import { useWizardStep } from '../lib/wizard-step';

type Values = BusinessPlanInput;
type Section = (typeof BUSINESS_PLAN_STEPS)[number][0];

const STEP_FIELDS = BUSINESS_PLAN_FIELDS;
const SECTIONS = BUSINESS_PLAN_STEPS.map(([section]) => section);
const STEP_TITLES = BUSINESS_PLAN_STEPS.map(([, title]) => title);

function emptyBusinessPlan(): Values {
  const plan: Record<string, Record<string, unknown>> = {};
  for (const section of SECTIONS) {
    plan[section] = Object.fromEntries(STEP_FIELDS[section].map(([field]) => [field, '']));
  }
  plan.legalServices.practiceAreas = [];
  plan.operationsPlan.firmStructure = null;
  plan.implementation.milestones = [];
  return plan as Values;
}

function toFormValues(saved: BusinessPlanData): Values {
  const empty: Record<string, Record<string, unknown>> = emptyBusinessPlan();
  const values: Record<string, unknown> = {};
  for (const section of SECTIONS) values[section] = { ...empty[section], ...saved[section] };
  return values as Values;
}

const stepOf = (path: string) => Math.max(0, SECTIONS.indexOf(path.split('.')[0] as Section));

function errorPaths(errors: FieldErrors, prefix = ''): string[] {
  return Object.entries(errors).flatMap(([key, value]) => {
    if (!value || typeof value !== 'object') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return 'message' in value && typeof value.message === 'string'
      ? [path]
      : errorPaths(value as FieldErrors, path);
  });
}

const PRACTICE_AREA_LIST = listOf(
  BUSINESS_PLAN_PRACTICE_AREA_FIELDS,
  {
    item: 'Practice Area',
    empty: 'No practice areas added',
    row: () => ({ area: '', description: '', targetClients: '', pricingStrategy: '' }),
  },
  {
    area: { required: true },
    description: { kind: 'textarea', required: true },
    targetClients: { kind: 'textarea', width: 'half', required: true },
    pricingStrategy: { kind: 'textarea', width: 'half', required: true },
  },
);
const MILESTONE_LIST = listOf(
  MILESTONE_FIELDS,
  {
    item: 'Milestone',
    empty: 'No milestones added',
    row: () => ({ milestone: '', timeline: '', description: '' }),
  },
  {
    milestone: { width: 'half', required: true },
    timeline: { width: 'half', required: true },
    description: { kind: 'textarea', required: true },
  },
);

/** Spec 2.15: eight steps; Save Business Plan validates every step (spec §5) and saves the whole plan. */
export default function BusinessPlan() {
  const saved = useBusinessPlan();
  const lpq = useMasterLpq();
  const profile = useAttorneyProfile();
  const [step, setStep] = useWizardStep('business-plan', SECTIONS.length);
  const form = useForm<Values>({
    resolver: zodResolver(businessPlanSchema),
    defaultValues: emptyBusinessPlan(),
  });
  const { control } = form;

  useEffect(() => {
    if (saved.data) form.reset(toFormValues(saved.data));
  }, [saved.data, form]);
  // Enter once: on the first load, what the plan lacks comes from the master LPQ and the profile, marked.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || saved.isLoading || lpq.isLoading || profile.isLoading) return;
    prefilled.current = true;
    const start = prefillBusinessPlan(saved.data ? toFormValues(saved.data) : emptyBusinessPlan(), {
      profile: profile.data,
      masterLpq: lpq.data,
    });
    if (!Object.keys(start.prefilled).length) return;
    form.reset(start.values);
    setPrefillMarks(form.control, marksOf(start));
  }, [saved.isLoading, saved.data, lpq.isLoading, lpq.data, profile.isLoading, profile.data, form]);
  const { user } = useAuth();
  const autosave = useAutosave({
    form,
    name: 'business-plan',
    userId: user?.id,
    ready: !saved.isLoading && !lpq.isLoading && !profile.isLoading && !saved.isError,
    recordUpdatedAt: saved.data?.updatedAt,
  });
  // A step change saves the draft at once.
  const goToStep = (next: number) => {
    void autosave.flush();
    setStep(next);
  };

  const errorSteps = useMemo(
    () => new Set(errorPaths(form.formState.errors).map(stepOf)),
    [form.formState.errors],
  );
  const jumpToFirstError = (paths: string[]) => {
    if (paths.length) setStep(Math.min(...paths.map(stepOf)));
  };

  const save = useMutation({
    mutationFn: (body: BodyOf<'PUT /api/attorney/business-plan'>) =>
      api('PUT /api/attorney/business-plan', { body }),
    onSuccess: (data) => {
      afterAttorneySave(ATTORNEY_PATHS.businessPlan, data);
      autosave.markSaved();
      showToast(TOASTS.businessPlanSaved, { variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      jumpToFirstError(Object.keys(fieldErrors(error)));
      showToast(TOASTS.businessPlanFailed, { variant: 'destructive' });
    },
  });

  const section = SECTIONS[step];
  const last = step === SECTIONS.length - 1;

  return (
    <WizardShell
      title="Business Plan"
      subtitle="Your practice plan for the firms you talk to."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
      status={<SaveState autosave={autosave} />}
    >
      {saved.isLoading || lpq.isLoading || profile.isLoading ? (
        <Loader aria-label="Loading your business plan" />
      ) : saved.isError ? (
        <Text c="red.8" role="alert">
          Your business plan could not be loaded. Please reload the page.
        </Text>
      ) : (
        <form
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            if (!last) {
              goToStep(step + 1);
              return;
            }
            void form.handleSubmit(
              (values) => save.mutate(values),
              (errors) => jumpToFirstError(errorPaths(errors)),
            )();
          }}
        >
          <Stack gap="lg">
            <RestoredNotice autosave={autosave} />
            <StepNav
              steps={STEP_TITLES}
              active={step}
              onSelect={goToStep}
              invalid={errorSteps}
              label={(n, total) => `${n} of ${total}`}
            />
            <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
              <Stack gap="md">
                <Text component="h2" fw={700} fz="lg" m={0}>
                  {STEP_TITLES[step]}
                </Text>
                {section === 'operationsPlan' && (
                  <SelectField
                    control={control}
                    name="operationsPlan.firmStructure"
                    label="Firm Structure"
                    required
                    data={optionsOf(FIRM_STRUCTURES, FIRM_STRUCTURE_LABELS)}
                  />
                )}
                {section === 'legalServices' && (
                  <ListField
                    control={control}
                    name="legalServices.practiceAreas"
                    title="Practice Areas"
                    list={PRACTICE_AREA_LIST}
                  />
                )}
                {STEP_FIELDS[section].map(([field, label, kind]) => {
                  const name = `${section}.${field}` as FieldPath<Values>;
                  return kind === 'text' ? (
                    <TextField key={name} control={control} name={name} label={label} required />
                  ) : (
                    <TextareaField
                      key={name}
                      control={control}
                      name={name}
                      label={label}
                      required={kind !== 'optional'}
                    />
                  );
                })}
                {section === 'implementation' && (
                  <ListField
                    control={control}
                    name="implementation.milestones"
                    title="Milestones"
                    list={MILESTONE_LIST}
                  />
                )}
              </Stack>
            </Paper>
            <WizardFooter
              back={
                <Button variant="default" disabled={step === 0} onClick={() => goToStep(step - 1)}>
                  Previous
                </Button>
              }
              next={
                last ? (
                  <Button type="submit" disabled={save.isPending}>
                    {save.isPending ? 'Saving...' : 'Save Business Plan'}
                  </Button>
                ) : (
                  <Button type="submit">Next</Button>
                )
              }
            />
          </Stack>
        </form>
      )}
    </WizardShell>
  );
}
