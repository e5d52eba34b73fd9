import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Loader, Paper, Stack, Text } from '@mantine/core';
import { attorneyChecks, type Ledger } from '@shared/business-case';
import { type MasterLpqInput, masterLpqSchema } from '@shared/master-lpq';
import { type MissingAnswer, masterLpqStepStatuses, missingAnswers } from '@shared/master-lpq-answers';
import { prefillMasterLpq } from '@shared/prefill';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import {
  lazy,
  type Ref,
  type SetStateAction,
  Suspense,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  useTransition,
} from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  FormProvider,
  useForm,
  useWatch,
} from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import {
  ATTORNEY_PATHS,
  afterAttorneySave,
  useAttorneyProfile,
  useMasterLpq,
} from '../features/attorney/queries';
import { marksOf, setPrefillMarks } from '../features/prefill/marks';
import { FirmsWillAsk } from '../features/questionnaires/FirmsWillAsk';
import {
  MASTER_LPQ_STEPS,
  stepOfField,
  toMasterLpqFormValues,
} from '../features/questionnaires/master-lpq/form';
import { JumpToFieldContext } from '../features/questionnaires/master-lpq/steps/common';
import { GeneralInfoStep } from '../features/questionnaires/master-lpq/steps/GeneralInfoStep';
import { WhatIsMissing } from '../features/questionnaires/WhatIsMissing';
import { errorMessage, fieldErrors } from '../lib/api';
import { useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors } from '../lib/forms';
import { showStepSaved, showToast } from '../lib/toast';
import { useWizardStep } from '../lib/wizard-step';

// The first step comes with the page; the others when first shown: their fields (Mantine's Select and
// NumberInput, the uploaders) are not loaded before anyone gets there (bench/page-weight.ts).
const STEP_VIEWS = [
  GeneralInfoStep,
  lazy(() =>
    import('../features/questionnaires/master-lpq/steps/ExperienceStep').then((m) => ({
      default: m.ExperienceStep,
    })),
  ),
  lazy(() =>
    import('../features/questionnaires/master-lpq/steps/FinancialStep').then((m) => ({
      default: m.FinancialStep,
    })),
  ),
  lazy(() =>
    import('../features/questionnaires/master-lpq/steps/ClientsStep').then((m) => ({
      default: m.ClientsStep,
    })),
  ),
  lazy(() =>
    import('../features/questionnaires/master-lpq/steps/RequirementsStep').then((m) => ({
      default: m.RequirementsStep,
    })),
  ),
  lazy(() =>
    import('../features/questionnaires/master-lpq/steps/DisclosuresStep').then((m) => ({
      default: m.DisclosuresStep,
    })),
  ),
  lazy(() =>
    import('../features/questionnaires/master-lpq/steps/DocumentsStep').then((m) => ({
      default: m.DocumentsStep,
    })),
  ),
];

/** Says which step is on screen once its view (loaded on demand) is committed. */
function Shown({ step, onShown }: { step: number; onShown: (step: number) => void }) {
  useEffect(() => onShown(step), [step, onShown]);
  return null;
}

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

/** What is missing from the values being typed (the saved data as edited), by the shared rule. */
function useMissingAnswers(control: Control<MasterLpqInput>) {
  const values = useDeferredValue(useWatch({ control }));
  return useMemo(() => missingAnswers(values), [values]);
}

/** The step buttons, each marked complete / incomplete / has errors from the current answers. */
function MasterLpqStepNav(props: {
  control: Control<MasterLpqInput>;
  step: number;
  onSelect: (step: number) => void;
  errorSteps: ReadonlySet<number>;
}) {
  const answers = useMissingAnswers(props.control);
  const status = useMemo(
    () => masterLpqStepStatuses(answers).map((s, i) => (props.errorSteps.has(i) ? 'error' : s)),
    [answers, props.errorSteps],
  );
  return <StepNav steps={MASTER_LPQ_STEPS} active={props.step} onSelect={props.onSelect} status={status} />;
}

function MasterLpqMissingPanel(props: {
  control: Control<MasterLpqInput>;
  onJump: (answer: MissingAnswer) => void;
  ref: Ref<HTMLDivElement>;
}) {
  const answers = useMissingAnswers(props.control);
  if (!answers.length)
    return (
      <Text size="sm" c="teal.9">
        Every required answer is given: Save Template completes your Master LPQ.
      </Text>
    );
  return (
    <WhatIsMissing
      ref={props.ref}
      items={answers}
      onJump={(item) => props.onJump(item as MissingAnswer)}
      description={`Save Template needs ${answers.length === 1 ? 'one more answer' : `${answers.length} more answers`}. Select one to go to it.`}
    />
  );
}

/** The private flags under 'What is missing' (PRODUCT.md §12), on the answers as typed. */
function MasterLpqFlagsPanel(props: { control: Control<MasterLpqInput>; onJump: (field: string) => void }) {
  const values = useDeferredValue(useWatch({ control: props.control }));
  const flags = useMemo(() => attorneyChecks(values as Ledger).flags, [values]);
  return <FirmsWillAsk flags={flags} onJump={props.onJump} />;
}

/** The input of a field: by its name, else (a Select's visible input) through react-hook-form's ref. */
function fieldElement(field: string): HTMLElement | null {
  return document.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"]:not([type="hidden"])`);
}

/**
 * Spec 2.12: seven steps; Next saves a draft (isComplete false) and advances; Save Template validates
 * everything, saves with isComplete true and returns to the dashboard. Each step's mark and the 'What is
 * missing' panel come from the shared completion rule over the current answers; `?field=path` opens the
 * step of that field with the cursor in it (the share dialog links there).
 */
export default function MasterLpq() {
  const navigate = useNavigate();
  const saved = useMasterLpq();
  const profile = useAttorneyProfile();
  const { user } = useAuth();
  const [params, setParams] = useSearchParams();
  const [focusTarget, setFocusTarget] = useState<string | null>(() => params.get('field'));
  const [step, setStepNow] = useWizardStep('master-lpq', MASTER_LPQ_STEPS.length, () => {
    const field = params.get('field');
    return field ? stepOfField(field) : 0;
  });
  // A step's code loads when it is first shown: until it has, the step on screen stays, with Next busy, and
  // then the new one shows whole. Otherwise 'Step 5 of 7' showed above a loader and the buttons moved down
  // under the pointer once the fields came (a quick second click landed on a field).
  const [stepLoading, startStepChange] = useTransition();
  const setStep = useCallback(
    (next: SetStateAction<number>) => startStepChange(() => setStepNow(next)),
    [setStepNow],
  );
  // The step whose fields are on screen (a later step's code loads when first shown).
  const [shownStep, setShownStep] = useState<number | null>(null);
  const missingPanel = useRef<HTMLDivElement>(null);
  const form = useForm<MasterLpqInput>({
    resolver: zodResolver(masterLpqSchema),
    defaultValues: toMasterLpqFormValues(null),
  });

  useEffect(() => {
    if (saved.data) form.reset(toMasterLpqFormValues(saved.data));
  }, [saved.data, form]);

  // Enter once: on the first load, what the template lacks comes from registration and the profile, marked.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || saved.isLoading || profile.isLoading || !user) return;
    prefilled.current = true;
    const start = prefillMasterLpq(toMasterLpqFormValues(saved.data), { user, profile: profile.data });
    if (!Object.keys(start.prefilled).length) return;
    form.reset(start.values);
    setPrefillMarks(form.control, marksOf(start));
  }, [saved.isLoading, saved.data, profile.isLoading, profile.data, user, form]);

  // Once the step of the field is on screen (and the saved answers are in it), put the cursor there.
  const ready = !saved.isLoading && !profile.isLoading && !saved.isError;
  const autosave = useAutosave({
    form,
    name: 'master-lpq',
    userId: user?.id,
    ready,
    recordUpdatedAt: saved.data?.updatedAt,
  });
  const goToStep = (next: number) => {
    void autosave.flush();
    setStep(next);
  };
  useEffect(() => {
    if (!focusTarget || !ready || shownStep !== step) return;
    const element = fieldElement(focusTarget);
    if (element) element.focus();
    else form.setFocus(focusTarget as FieldPath<MasterLpqInput>);
    (element ?? (document.activeElement as HTMLElement | null))?.scrollIntoView?.({ block: 'center' });
    setFocusTarget(null);
    if (params.has('field')) setParams({}, { replace: true });
  }, [focusTarget, ready, shownStep, step, form, params, setParams]);

  // A message put under a field by a jump from the panel goes as soon as that field changes.
  useEffect(() => {
    const subscription = form.watch((_, { name }) => {
      if (name && form.getFieldState(name).error?.type === 'missing') form.clearErrors(name);
    });
    return () => subscription.unsubscribe();
  }, [form]);

  /** A flag's link: the step of its field, the cursor in it (no message: a flag is a question, not an error). */
  const jumpToField = useCallback(
    (field: string) => {
      startStepChange(() => {
        setStepNow(stepOfField(field));
        setFocusTarget(field);
      });
    },
    [setStepNow],
  );
  const jumpTo = (answer: MissingAnswer) => {
    form.setError(answer.field as FieldPath<MasterLpqInput>, { type: 'missing', message: answer.message });
    // One update: the field to focus waits for its step (a target set before the step shows would be looked
    // for on the step still on screen, and dropped).
    startStepChange(() => {
      setStepNow(answer.step);
      setFocusTarget(answer.field);
    });
  };

  const save = useMutation({
    mutationFn: (body: BodyOf<'POST /api/attorney/master-lpq'>) =>
      api('POST /api/attorney/master-lpq', { body }),
  });

  // Steps holding an answer the server refused on the last save (the shared rule finds the others).
  const [refusedSteps, setRefusedSteps] = useState<ReadonlySet<number>>(new Set());
  const jumpToFirstError = (paths: string[]) => {
    if (paths.length) setStep(Math.min(...paths.map(stepOfField)));
  };

  const submit = (isComplete: boolean) => {
    form.setValue('isComplete', isComplete);
    return form.handleSubmit(
      (values) =>
        save.mutate(values, {
          onSuccess: (lpq) => {
            autosave.markSaved();
            setRefusedSteps(new Set());
            afterAttorneySave(ATTORNEY_PATHS.masterLpq, lpq);
            if (isComplete) {
              showToast(TOASTS.masterLpqSaved, { variant: 'success' });
              navigate('/attorney/dashboard');
            } else {
              showStepSaved();
              setStep((s) => Math.min(s + 1, MASTER_LPQ_STEPS.length - 1));
            }
          },
          onError: (error) => {
            showToast(TOASTS.masterLpqFailed, {
              variant: 'destructive',
              message: errorMessage(error, TOASTS.masterLpqFailed.message),
            });
            applyServerErrors(error, form.setError);
            const refused = Object.keys(fieldErrors(error));
            setRefusedSteps(new Set(refused.map(stepOfField)));
            jumpToFirstError(refused);
          },
        }),
      (errors) => {
        // Save Template: the panel above the button lists what is missing, with links to each answer.
        if (isComplete && missingPanel.current) {
          missingPanel.current.focus({ preventScroll: true });
          missingPanel.current.scrollIntoView({ block: 'start' });
        } else jumpToFirstError(errorPaths(errors));
      },
    )();
  };

  const last = step === MASTER_LPQ_STEPS.length - 1;
  const StepView = STEP_VIEWS[step];

  return (
    <WizardShell
      title="Master LPQ Template"
      subtitle="Complete it once, share it with every firm that invites you."
      back={{ to: '/attorney/dashboard', label: 'Back to Dashboard' }}
      status={ready && <SaveState autosave={autosave} />}
    >
      {saved.isLoading || profile.isLoading ? (
        <Loader aria-label="Loading your Master LPQ" />
      ) : saved.isError ? (
        <Text c="red.8" role="alert">
          Failed to fetch LPQ data
        </Text>
      ) : (
        <FormProvider {...form}>
          <JumpToFieldContext.Provider value={jumpToField}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                void submit(last);
              }}
            >
              <Stack gap="lg">
                <RestoredNotice autosave={autosave} />
                <MasterLpqStepNav
                  control={form.control}
                  step={step}
                  onSelect={goToStep}
                  errorSteps={refusedSteps}
                />
                <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
                  <Stack gap="md">
                    <Text component="h2" fw={700} fz="lg" m={0}>
                      {step + 1}. {MASTER_LPQ_STEPS[step]}
                    </Text>
                    <Suspense fallback={<Loader size="sm" aria-label="Loading step" />}>
                      <StepView />
                      <Shown step={step} onShown={setShownStep} />
                    </Suspense>
                  </Stack>
                </Paper>
                {last && <MasterLpqMissingPanel control={form.control} onJump={jumpTo} ref={missingPanel} />}
                {last && <MasterLpqFlagsPanel control={form.control} onJump={jumpToField} />}
                <WizardFooter
                  back={
                    <Button variant="default" disabled={step === 0} onClick={() => goToStep(step - 1)}>
                      Previous
                    </Button>
                  }
                  next={
                    <Button type="submit" loading={save.isPending || stepLoading}>
                      {last ? 'Save Template' : 'Next'}
                    </Button>
                  }
                />
              </Stack>
            </form>
          </JumpToFieldContext.Provider>
        </FormProvider>
      )}
    </WizardShell>
  );
}
