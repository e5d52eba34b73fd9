import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { positionLpqDraftName } from '@shared/drafts';
import { UI_TIMING } from '@shared/limits';
import {
  FIRM_QUESTIONS_STEP,
  type FirmAnswers,
  POSITION_LPQ_MESSAGES,
  POSITION_LPQ_OPEN_REQUEST_STATUSES,
  POSITION_LPQ_STEPS,
  type PositionLpq,
  type PositionLpqFormData,
} from '@shared/position-lpq';
import { missingPositionLpqAnswers } from '@shared/position-lpq-answers';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FullPageSpinner } from '../components/FullPageSpinner';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { StepNav } from '../components/StepNav';
import { WizardFooter, WizardShell } from '../components/WizardShell';
import { marksOf, prefillMark, withMark } from '../features/prefill/marks';
import { BusinessStep } from '../features/questionnaires/position-lpq/steps/BusinessStep';
import type {
  LpqTextProps,
  PositionLpqStepProps,
} from '../features/questionnaires/position-lpq/steps/common';
import { ExperienceStep } from '../features/questionnaires/position-lpq/steps/ExperienceStep';
import { FirmQuestionsStep } from '../features/questionnaires/position-lpq/steps/FirmQuestionsStep';
import { GeneralStep } from '../features/questionnaires/position-lpq/steps/GeneralStep';
import { ReferencesStep } from '../features/questionnaires/position-lpq/steps/ReferencesStep';
import { WhatIsMissing } from '../features/questionnaires/WhatIsMissing';
import { SHARING_PATHS, usePositionLpq } from '../features/sharing/queries';
import { fieldErrors, queryClient, statusOf } from '../lib/api';
import { useAuth } from '../lib/auth';
import { type FormSource, useAutosave } from '../lib/autosave';
import { api, type BodyOf } from '../lib/client';
import { showStepSaved, showToast } from '../lib/toast';
import { useWizardStep } from '../lib/wizard-step';

type Errors = Record<string, string>;
const STEP_FIELDS: (keyof PositionLpqFormData)[][] = [
  ['name', 'email', 'phone', 'address', 'barAdmissions'],
  ['currentFirm', 'position', 'yearsExperience', 'practiceAreas', 'significantMatters', 'publications'],
  ['clientOriginationExperience', 'portableBusiness', 'clientRelationships'],
  ['references', 'documents'],
];

function LpqNotFound() {
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1}>{POSITION_LPQ_MESSAGES.notFoundTitle}</Title>
        <Text c="dimmed">{POSITION_LPQ_MESSAGES.notFoundText}</Text>
        <Button component={Link} to="/attorney/dashboard" variant="light">
          Return to Dashboard
        </Button>
      </Stack>
    </Center>
  );
}

export default function PositionLpqPage() {
  const { id = '' } = useParams();
  const lpq = usePositionLpq(id);
  if (lpq.isLoading) return <FullPageSpinner />;
  if (lpq.isError && statusOf(lpq.error) === 404) return <LpqNotFound />;
  if (!lpq.data) return <LpqNotFound />;
  return <LpqForm lpq={lpq.data} />;
}

function LpqForm({ lpq }: { lpq: PositionLpq }) {
  const navigate = useNavigate();
  const [formData, setFormData] = useState<PositionLpqFormData>(lpq.formData);
  const [firmAnswers, setFirmAnswers] = useState<FirmAnswers>(lpq.firmAnswers);
  const [errors, setErrors] = useState<Errors>({});
  const hasQuestions = (lpq.firmSpecificQuestions?.sections ?? []).some((s) => s.questions.length > 0);
  const steps = hasQuestions ? [...POSITION_LPQ_STEPS, FIRM_QUESTIONS_STEP] : POSITION_LPQ_STEPS;
  const [step, setStep] = useWizardStep(`lpq.${lpq.id}`, steps.length);
  const readOnly =
    lpq.status === 'submitted' || !POSITION_LPQ_OPEN_REQUEST_STATUSES.includes(lpq.requestStatus);
  const [exiting, setExiting] = useState(false);

  useEffect(() => {
    setFormData(lpq.formData);
    setFirmAnswers(lpq.firmAnswers);
  }, [lpq]);

  // Autosave (PRODUCT.md §2): the answers as a FormSource; an edit is announced once React has applied it.
  const values = useRef<Record<string, unknown>>({ formData, firmAnswers });
  values.current = { formData, firmAnswers };
  const edited = useRef(false);
  const editListeners = useRef(new Set<() => void>());
  const source = useMemo<FormSource>(
    () => ({
      read: () => values.current,
      write: (v) => {
        setFormData((v.formData ?? {}) as PositionLpqFormData);
        setFirmAnswers((v.firmAnswers ?? {}) as FirmAnswers);
      },
      onEdit: (callback) => {
        editListeners.current.add(callback);
        return () => editListeners.current.delete(callback);
      },
    }),
    [],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after each edit React applied
  useEffect(() => {
    if (!edited.current) return;
    edited.current = false;
    for (const listener of editListeners.current) listener();
  }, [formData, firmAnswers]);
  const { user } = useAuth();
  const autosave = useAutosave({
    form: source,
    name: positionLpqDraftName(lpq.id),
    userId: user?.id,
    ready: true,
    recordUpdatedAt: lpq.updatedAt,
    enabled: !readOnly,
  });
  // A step change saves the draft at once.
  const goToStep = (next: number) => {
    void autosave.flush();
    setStep(next);
  };
  const setFirmAnswer = (id: string, value: FirmAnswers[string]) => {
    edited.current = true;
    setFirmAnswers((a) => ({ ...a, [id]: value }));
  };

  const set = <K extends keyof PositionLpqFormData>(key: K, value: PositionLpqFormData[K]) => {
    edited.current = true;
    setFormData((d) => ({ ...d, [key]: value }));
    setErrors((e) => {
      const { [`formData.${String(key)}`]: _, ...rest } = e;
      return rest;
    });
  };

  const save = useMutation({
    mutationFn: () =>
      api('PUT /api/lpqs/:id', {
        params: { id: lpq.id },
        body: { formData, firmAnswers, status: 'in_progress' },
      }),
    onSuccess: (saved) => queryClient.setQueryData([SHARING_PATHS.lpq(lpq.id)], saved),
  });
  const complete = useMutation({
    mutationFn: () =>
      api('PUT /api/lpqs/:id/complete', {
        params: { id: lpq.id },
        // Sent as typed: the server names a missing required answer (400), shown under its field.
        body: { formData: formData as BodyOf<'PUT /api/lpqs/:id/complete'>['formData'], firmAnswers },
      }),
  });

  const onSaveError = (error: unknown) => {
    setErrors(fieldErrors(error));
    showToast(TOASTS.lpqSaveFailed, { variant: 'destructive' });
  };

  const goContinue = () =>
    save.mutate(undefined, {
      onSuccess: () => {
        autosave.markSaved();
        showStepSaved();
        setStep((s) => Math.min(s + 1, steps.length - 1));
      },
      onError: onSaveError,
    });

  const saveAndExit = () =>
    save.mutate(undefined, {
      onSuccess: () => {
        autosave.markSaved();
        showStepSaved();
        setExiting(true);
        window.setTimeout(() => navigate('/dashboard/attorney'), UI_TIMING.saveAndExitRedirectMs);
      },
      onError: onSaveError,
    });

  /** The step that holds the first error, so Submit can show it. */
  const stepOf = (key: string) => {
    if (key.startsWith('firmAnswers.')) return POSITION_LPQ_STEPS.length;
    const field = key.replace(/^formData\./, '').split('.')[0] as keyof PositionLpqFormData;
    return Math.max(
      0,
      STEP_FIELDS.findIndex((f) => f.includes(field)),
    );
  };

  // What Submit needs, from the answers as typed: the 'What is missing' panel on the last step.
  const missing = useMemo(
    () => missingPositionLpqAnswers(formData, firmAnswers, lpq.firmSpecificQuestions),
    [formData, firmAnswers, lpq.firmSpecificQuestions],
  );
  const missingPanel = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<string | null>(null);
  useEffect(() => {
    if (!focusTarget) return;
    const holder = document.querySelector(`[data-field="${CSS.escape(focusTarget)}"]`);
    const input =
      document.querySelector<HTMLElement>(`[name="${CSS.escape(focusTarget)}"]`) ??
      holder?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, button');
    input?.focus();
    input?.scrollIntoView?.({ block: 'center' });
    setFocusTarget(null);
  }, [focusTarget]);
  const jumpTo = (item: { step?: number; field: string; message: string }) => {
    setErrors((e) => ({ ...e, [item.field]: item.message }));
    setStep(item.step ?? 0);
    setFocusTarget(item.field);
  };

  const submit = () => {
    if (missing.length) {
      setErrors(Object.fromEntries(missing.map((m) => [m.field, m.message])));
      missingPanel.current?.focus({ preventScroll: true });
      missingPanel.current?.scrollIntoView({ block: 'start' });
      return;
    }
    complete.mutate(undefined, {
      onSuccess: () => {
        autosave.markSaved();
        showToast(TOASTS.lpqCompleted, { variant: 'success' });
        queryClient.invalidateQueries({ queryKey: [SHARING_PATHS.requests] });
        navigate('/dashboard/attorney');
      },
      onError: (error) => {
        const server = fieldErrors(error);
        setErrors(server);
        if (Object.keys(server).length) setStep(stepOf(Object.keys(server)[0]));
        showToast(TOASTS.lpqCompleteFailed, { variant: 'destructive' });
      },
    });
  };

  const err = (key: keyof PositionLpqFormData) => errors[`formData.${key}`];
  // Enter once: a field that still holds what the profile, master LPQ or a previous LPQ gave says so.
  const marks = useMemo(
    () => (readOnly ? {} : marksOf({ values: lpq.formData, prefilled: lpq.prefilled ?? {} })),
    [lpq, readOnly],
  );
  const mark = (key: keyof PositionLpqFormData) => prefillMark(marks, key, formData[key]);
  const text = (key: keyof PositionLpqFormData, description?: ReactNode): LpqTextProps => ({
    name: `formData.${key}`,
    value: (formData[key] as string | undefined) ?? '',
    onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value as never),
    error: err(key),
    disabled: readOnly,
    description: withMark(description, mark(key)),
  });
  const stepProps: PositionLpqStepProps = { formData, readOnly, text, mark, err, set };
  const busy = save.isPending || complete.isPending || exiting;
  // The steps holding an answer Submit or the server refused: their buttons are marked red.
  const errorSteps = new Set(Object.keys(errors).map(stepOf));
  const isLast = step === steps.length - 1;

  return (
    <WizardShell
      title="Lateral Partner Questionnaire"
      subtitle={
        <>
          <Text fw={600} c="dark" span>
            {lpq.positionTitle}
          </Text>
          {' · '}
          {lpq.practiceArea} · {lpq.firmName}
        </>
      }
      back={{ to: '/attorney/lpq-requests', label: 'Back to LPQ Requests' }}
      status={!readOnly && <SaveState autosave={autosave} />}
      nav={<StepNav steps={steps} active={step} onSelect={goToStep} invalid={errorSteps} />}
      footer={
        <WizardFooter
          secondary={
            <Button
              variant="default"
              onClick={saveAndExit}
              disabled={readOnly || busy}
              loading={save.isPending && !isLast}
            >
              Save & Exit
            </Button>
          }
          back={
            <Button
              variant="default"
              onClick={() => goToStep(Math.max(0, step - 1))}
              disabled={step === 0 || busy}
            >
              Previous
            </Button>
          }
          next={
            isLast ? (
              <Button onClick={submit} disabled={readOnly || busy} loading={complete.isPending}>
                Submit LPQ
              </Button>
            ) : (
              <Button onClick={readOnly ? () => setStep((s) => s + 1) : goContinue} disabled={busy}>
                Continue
              </Button>
            )
          }
        />
      }
    >
      <Stack gap="lg">
        <RestoredNotice autosave={autosave} />
        {readOnly &&
          (lpq.status === 'submitted' ? (
            <Alert color="teal" title="Submitted">
              You submitted this LPQ and {lpq.firmName} was told by email. It can no longer be edited.
            </Alert>
          ) : (
            <Alert color="gray" title="Closed">
              {POSITION_LPQ_MESSAGES.requestClosed}
            </Alert>
          ))}
        <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
          {step === 0 && <GeneralStep {...stepProps} />}
          {step === 1 && <ExperienceStep {...stepProps} />}
          {step === 2 && <BusinessStep {...stepProps} />}
          {step === 3 && <ReferencesStep {...stepProps} />}
          {step === POSITION_LPQ_STEPS.length && hasQuestions && (
            <FirmQuestionsStep
              lpq={lpq}
              firmAnswers={firmAnswers}
              errors={errors}
              readOnly={readOnly}
              onAnswer={(id, value) => {
                setFirmAnswer(id, value);
                setErrors(({ [`firmAnswers.${id}`]: _, ...rest }) => rest);
              }}
            />
          )}
        </Paper>

        {isLast && !readOnly && (
          <WhatIsMissing
            ref={missingPanel}
            items={missing}
            onJump={jumpTo}
            description={`Submit LPQ needs ${missing.length === 1 ? 'one more answer' : `${missing.length} more answers`}. Select one to go to it.`}
          />
        )}
      </Stack>
    </WizardShell>
  );
}
