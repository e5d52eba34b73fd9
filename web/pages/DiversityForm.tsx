import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { YEARS_OF_SERVICE_MAX } from '@shared/attorney';
import { todayLocal } from '@shared/calendar';
import {
  DISABILITY_LABELS,
  DISABILITY_OPTIONS,
  DIVERSITY_GENDER_LABELS,
  DIVERSITY_GENDERS,
  DIVERSITY_MESSAGES,
  type DiversityForm as DiversityFormData,
  type DiversityFormInput,
  diversityFormSchema,
  LGBTQIA_LABELS,
  LGBTQIA_OPTIONS,
  RACE_ETHNICITIES,
  RACE_ETHNICITY_LABELS,
  VETERAN_STATUS_LABELS,
  VETERAN_STATUSES,
} from '@shared/diversity';
import { DIVERSITY_FIELDS } from '@shared/package-labels';
import { TOASTS } from '@shared/texts';
import { IconLock } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { PageShell } from '../components/PageShell';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { FormSection } from '../features/attorney/FormSection';
import { ATTORNEY_PATHS, afterAttorneySave, useDiversityForm } from '../features/attorney/queries';
import { optionsOf, RadioField } from '../features/questionnaires/fields';
import { fieldsOf, RowFields } from '../features/questionnaires/ListField';
import { NumberField } from '../features/questionnaires/number-fields';
import { useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api, type BodyOf } from '../lib/client';
import { formatDate } from '../lib/format';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';

type Values = DiversityFormInput;

// Radio groups start with nothing chosen; the schema's messages ask for a choice.
const unset = '' as never;
function emptyDiversityForm(): Values {
  return {
    date: todayLocal(),
    gender: unset,
    raceEthnicity: unset,
    isMENA: false,
    lgbtqia: unset,
    veteranStatus: unset,
    veteranBranch: '',
    veteranRank: '',
    veteranYearsOfService: null,
    veteranDischargeDate: '',
    disability: unset,
    needsAccommodations: false,
    accommodationDetails: '',
    authorizationAgreement: false,
  };
}

/** Each section's fields (spec 2.14), labelled from shared/'s DIVERSITY_FIELDS. */
const of = (layout: Parameters<typeof fieldsOf>[1]) => fieldsOf(DIVERSITY_FIELDS, layout);
const choice = <V extends string>(values: readonly V[], labels: Record<V, string>) => ({
  kind: RadioField,
  props: { options: optionsOf(values, labels) },
});
const DATE = of({ date: { kind: 'date' } });
const GENDER = of({ gender: choice(DIVERSITY_GENDERS, DIVERSITY_GENDER_LABELS) });
const RACE = of({ raceEthnicity: choice(RACE_ETHNICITIES, RACE_ETHNICITY_LABELS) });
const MENA = of({ isMENA: { kind: 'checkbox' } });
const LGBTQIA = of({ lgbtqia: choice(LGBTQIA_OPTIONS, LGBTQIA_LABELS) });
const VETERAN = of({ veteranStatus: choice(VETERAN_STATUSES, VETERAN_STATUS_LABELS) });
const SERVICE = of({
  veteranBranch: { width: 'half' },
  veteranRank: { width: 'half' },
  veteranYearsOfService: {
    kind: NumberField,
    width: 'half',
    props: { min: 0, max: YEARS_OF_SERVICE_MAX, allowDecimal: false },
  },
  veteranDischargeDate: { kind: 'date', width: 'half' },
});
const DISABILITY = of({ disability: choice(DISABILITY_OPTIONS, DISABILITY_LABELS) });
const ACCOMMODATION = of({ needsAccommodations: { kind: 'checkbox' } });
const ACCOMMODATION_DETAILS = of({ accommodationDetails: { kind: 'textarea' } });
const AUTHORIZATION = of({ authorizationAgreement: { kind: 'checkbox' } });
/** The stored record over the empty form; the date defaults to today when the profile wrote the record. */
function toFormValues(saved: DiversityFormData): Values {
  const { submittedAt: _, updatedAt: __, ...data } = saved;
  const empty = emptyDiversityForm();
  const values = { ...empty } as Record<string, unknown>;
  for (const [k, v] of Object.entries(data)) if (v !== undefined && v !== null) values[k] = v;
  return values as Values;
}

/** Spec 2.14: voluntary; saved to the self-identification record the profile also edits. */
export default function DiversityForm() {
  const saved = useDiversityForm();
  const form = useForm<Values>({
    resolver: zodResolver(diversityFormSchema),
    defaultValues: emptyDiversityForm(),
  });
  const { control } = form;
  const [raceEthnicity, veteranStatus, disability, needsAccommodations] = useWatch({
    control,
    name: ['raceEthnicity', 'veteranStatus', 'disability', 'needsAccommodations'],
  });

  useEffect(() => {
    if (saved.data) form.reset(toFormValues(saved.data));
  }, [saved.data, form]);
  const { user } = useAuth();
  const autosave = useAutosave({
    form,
    name: 'diversity-form',
    userId: user?.id,
    ready: !saved.isLoading && !saved.isError,
    recordUpdatedAt: saved.data?.updatedAt,
  });

  const submit = useMutation({
    mutationFn: (body: BodyOf<'PUT /api/attorney/diversity-form'>) =>
      api('PUT /api/attorney/diversity-form', { body }),
    onSuccess: (data) => {
      afterAttorneySave(ATTORNEY_PATHS.diversityForm, data);
      autosave.markSaved();
      showToast(TOASTS.diversitySubmitted, { variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      showToast(TOASTS.diversityFailed, { variant: 'destructive' });
    },
  });

  return (
    <PageShell
      title="Diversity Self-Identification Form"
      back={{ to: '/attorney/master-lpq', label: 'Back to Master LPQ' }}
      size="md"
      status={<SaveState autosave={autosave} />}
    >
      {saved.isLoading ? (
        <Loader aria-label="Loading your diversity form" />
      ) : saved.isError ? (
        <Text c="red.8" role="alert">
          Your diversity form could not be loaded. Please reload the page.
        </Text>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
          <Stack gap="lg">
            <RestoredNotice autosave={autosave} />
            <Alert
              icon={<IconLock aria-hidden />}
              color="navy"
              variant="light"
              title="Voluntary and confidential"
            >
              Submitting this form is voluntary. Your answers are kept separate from personnel files and are
              used only for internal metrics and external reporting, never for hiring decisions.
              {saved.data?.submittedAt && (
                <Text size="sm" mt="xs" fw={500}>
                  Last submitted {formatDate(saved.data.submittedAt)}.
                </Text>
              )}
            </Alert>
            <FormSection title="Date">
              <RowFields control={control} fields={DATE} />
            </FormSection>
            <FormSection title="Gender">
              <RowFields control={control} fields={GENDER} />
            </FormSection>
            <FormSection title="Race/Ethnic Identity">
              <RowFields control={control} fields={RACE} />
              {raceEthnicity === 'decline' && (
                <Text size="sm" c="dimmed" role="note">
                  {DIVERSITY_MESSAGES.raceDeclineNote}
                </Text>
              )}
              <RowFields control={control} fields={MENA} />
            </FormSection>
            <FormSection title="Sexual Orientation">
              <RowFields control={control} fields={LGBTQIA} />
            </FormSection>
            <FormSection title="Veteran Status/Military Service">
              <RowFields control={control} fields={VETERAN} />
              {veteranStatus === 'veteran-active' && <RowFields control={control} fields={SERVICE} />}
            </FormSection>
            <FormSection title="Disability">
              <RowFields control={control} fields={DISABILITY} />
              {disability === 'yes' && <RowFields control={control} fields={ACCOMMODATION} />}
              {disability === 'yes' && needsAccommodations && (
                <RowFields control={control} fields={ACCOMMODATION_DETAILS} />
              )}
            </FormSection>
            <FormSection title="Authorization to Share Information">
              <RowFields control={control} fields={AUTHORIZATION} />
            </FormSection>
            <Group justify="flex-end">
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? 'Submitting...' : 'Submit Form'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PageShell>
  );
}
