import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Loader, SimpleGrid, Stack, TagsInput, Text } from '@mantine/core';
import { todayLocal } from '@shared/calendar';
import {
  type ConflictsForm as ConflictsFormData,
  type ConflictsFormInput,
  conflictsFormSchema,
  MATTERS_PRIVILEGE_NOTE,
  MAX_MATTERS,
  type MatterInput,
} from '@shared/conflicts';
import { formatMoney } from '@shared/format';
import {
  CURRENT_CLIENT_FIELDS,
  FORMER_CLIENT_FIELDS,
  MATTER_FIELDS,
  PERSONAL_RELATIONSHIP_FIELDS,
} from '@shared/package-labels';
import { prefillConflictsForm } from '@shared/prefill';
import { TOASTS } from '@shared/texts';
import { IconWand } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { type Control, type FieldPath, useController, useForm } from 'react-hook-form';
import { PageShell } from '../components/PageShell';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { FormSection } from '../features/attorney/FormSection';
import {
  ATTORNEY_PATHS,
  afterAttorneySave,
  useAttorneyProfile,
  useConflictsForm,
  useMasterLpq,
} from '../features/attorney/queries';
import { marksOf, setPrefillMarks } from '../features/prefill/marks';
import { CheckboxField, DateField, TextareaField, TextField } from '../features/questionnaires/fields';
import { fieldsOf, ListField, listOf, RowFields } from '../features/questionnaires/ListField';
import { useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';

type Values = ConflictsFormInput;

/** Annual billings is free text: a bare figure reads as money, as everywhere else ('$910,000'). */
const moneyText = (value: string) => formatMoney(value, '');

const emptyCurrentClient = () => ({
  clientName: '',
  businessDescription: '',
  relationshipStartDate: '',
  typesOfWork: '',
  annualBillings: '',
  keyContacts: '',
});
const emptyFormerClient = () => ({
  clientName: '',
  businessDescription: '',
  relationshipDates: '',
  typesOfWork: '',
  reasonForEnding: '',
});

const emptyMatter = (): MatterInput => ({
  id: crypto.randomUUID(),
  clientName: '',
  matterDescription: '',
  adverseParties: [],
  relatedParties: [],
  role: '',
  openedOn: '',
  closedOn: '',
  clientMayObject: false,
});

function emptyConflictsForm(): Values {
  return {
    attorneyName: '',
    date: todayLocal(),
    firmName: '',
    currentClients: [],
    formerClients: [],
    matters: [],
    personalRelationships: {
      familyConnections: '',
      boardPositions: '',
      investmentInterests: '',
      otherProfessionalRelationships: '',
    },
    potentialConflicts: '',
    additionalInformation: '',
    // The box starts unticked; the schema requires it ticked to submit.
    certificationAgreement: false,
  };
}

function toFormValues(saved: ConflictsFormData): Values {
  const { updatedAt: _, ...data } = saved;
  const empty = emptyConflictsForm();
  return {
    ...empty,
    ...data,
    personalRelationships: { ...empty.personalRelationships, ...data.personalRelationships },
    currentClients: data.currentClients.map((c) => ({ ...emptyCurrentClient(), ...c })),
    formerClients: data.formerClients.map((c) => ({ ...emptyFormerClient(), ...c })),
    matters: (data.matters ?? []).map((m) => ({ ...emptyMatter(), ...m, closedOn: m.closedOn ?? '' })),
  };
}

/** A matter's adverse or related parties: one name per tag (type a name and press Enter). */
function PartiesField(props: { control: Control<Values>; name: FieldPath<Values>; label: string }) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  const itemError = Array.isArray(fieldState.error)
    ? (fieldState.error as ({ message?: string } | undefined)[]).find((e) => e?.message)?.message
    : undefined;
  return (
    <TagsInput
      label={props.label}
      description="Type a name and press Enter."
      name={field.name}
      ref={field.ref}
      value={(field.value as string[] | undefined) ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      acceptValueOnBlur
      clearable
      error={fieldState.error?.message ?? itemError}
    />
  );
}

const CURRENT_CLIENT_LIST = listOf(
  CURRENT_CLIENT_FIELDS,
  { item: 'Current Client', empty: 'No current clients added', row: emptyCurrentClient },
  {
    clientName: { width: 'half', required: true },
    relationshipStartDate: { kind: 'date', width: 'half', required: true },
    annualBillings: { width: 'half', props: { format: moneyText } },
    keyContacts: { width: 'half' },
    businessDescription: { kind: 'textarea', required: true },
    typesOfWork: { kind: 'textarea', required: true },
  },
);
const FORMER_CLIENT_LIST = listOf(
  FORMER_CLIENT_FIELDS,
  { item: 'Former Client', empty: 'No former clients added', row: emptyFormerClient },
  {
    clientName: { width: 'half', required: true },
    relationshipDates: { width: 'half', placeholder: 'e.g. 2016 – 2021', required: true },
    businessDescription: { kind: 'textarea', required: true },
    typesOfWork: { kind: 'textarea', required: true },
    reasonForEnding: { kind: 'textarea' },
  },
);
const PERSONAL_RELATIONSHIP_LIST = fieldsOf(
  PERSONAL_RELATIONSHIP_FIELDS,
  Object.fromEntries(PERSONAL_RELATIONSHIP_FIELDS.map(([field]) => [field, { kind: 'textarea' as const }])),
);
const MATTER_LIST = listOf(
  MATTER_FIELDS,
  { item: 'Matter', empty: 'No matters added', row: emptyMatter, max: MAX_MATTERS },
  {
    clientName: { width: 'half', required: true },
    role: { width: 'half' },
    openedOn: { kind: 'date', width: 'half', required: true },
    closedOn: { kind: 'date', width: 'half' },
    matterDescription: { kind: 'textarea', required: true },
    adverseParties: { kind: PartiesField },
    relatedParties: { kind: PartiesField },
    clientMayObject: { kind: 'checkbox' },
  },
);

/** Spec 2.13: saved server-side, repopulated on load, auto-populated once from the master LPQ. */
export default function ConflictsForm() {
  const saved = useConflictsForm();
  const lpq = useMasterLpq();
  const profile = useAttorneyProfile();
  const { user } = useAuth();
  const facts = { user, profile: profile.data, masterLpq: lpq.data };
  const form = useForm<Values>({
    resolver: zodResolver(conflictsFormSchema),
    defaultValues: emptyConflictsForm(),
  });
  const { control } = form;
  const loaded = useRef(false);

  useEffect(() => {
    if (loaded.current || saved.isLoading || lpq.isLoading || profile.isLoading) return;
    loaded.current = true;
    if (saved.data) form.reset(toFormValues(saved.data));
    else {
      // Spec §4's auto-populate on first load, with the name and firm from registration and profile.
      const start = prefillConflictsForm(emptyConflictsForm(), {
        user,
        profile: profile.data,
        masterLpq: lpq.data,
      });
      form.reset(start.values);
      setPrefillMarks(form.control, marksOf(start));
    }
  }, [saved.isLoading, saved.data, lpq.isLoading, lpq.data, profile.isLoading, profile.data, user, form]);
  const autosave = useAutosave({
    form,
    name: 'conflicts-form',
    userId: user?.id,
    ready: !saved.isLoading && !lpq.isLoading && !profile.isLoading && !saved.isError,
    recordUpdatedAt: saved.data?.updatedAt,
  });

  const submit = useMutation({
    mutationFn: (body: BodyOf<'PUT /api/attorney/conflicts-form'>) =>
      api('PUT /api/attorney/conflicts-form', { body }),
    onSuccess: (data) => {
      afterAttorneySave(ATTORNEY_PATHS.conflictsForm, data);
      form.reset(toFormValues(data));
      autosave.markSaved();
      showToast(TOASTS.conflictsSubmitted, { variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      showToast(TOASTS.conflictsFailed, { variant: 'destructive' });
    },
  });

  function autopopulate() {
    if (!lpq.data) {
      showToast(TOASTS.noLpqData, { variant: 'destructive' });
      return;
    }
    const filled = prefillConflictsForm(form.getValues(), facts);
    form.reset(filled.values, { keepErrors: true });
    setPrefillMarks(form.control, marksOf(filled), 'add');
    void autosave.flush();
    showToast(TOASTS.autopopulated, { variant: 'success' });
  }

  return (
    <PageShell
      title="Conflicts of Interest Form"
      subtitle="List the clients and relationships a new firm must check for conflicts."
      back={{ to: '/attorney/master-lpq', label: 'Back to Master LPQ' }}
      size="md"
      status={<SaveState autosave={autosave} />}
      actions={
        <Button variant="light" leftSection={<IconWand size={16} aria-hidden />} onClick={autopopulate}>
          Auto-populate from Master LPQ
        </Button>
      }
    >
      {saved.isLoading || lpq.isLoading || profile.isLoading ? (
        <Loader aria-label="Loading your conflicts form" />
      ) : saved.isError ? (
        <Text c="red.8" role="alert">
          Your conflicts form could not be loaded. Please reload the page.
        </Text>
      ) : (
        <form noValidate onSubmit={form.handleSubmit((values) => submit.mutate(values))}>
          <Stack gap="lg">
            <RestoredNotice autosave={autosave} />
            <FormSection title="Basic Information">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextField control={control} name="attorneyName" label="Attorney Name" required />
                <DateField control={control} name="date" label="Date" required />
                <TextField control={control} name="firmName" label="Firm Name" required />
              </SimpleGrid>
            </FormSection>
            <FormSection title="Current Clients" description="Clients you currently represent.">
              <ListField control={control} name="currentClients" list={CURRENT_CLIENT_LIST} />
            </FormSection>
            <FormSection
              title="Former Clients"
              description="Former clients from the past 5 years are suggested."
            >
              <ListField control={control} name="formerClients" list={FORMER_CLIENT_LIST} />
            </FormSection>
            <FormSection
              title="Matters"
              description="Each matter with its adverse and related parties: the firm checks every name."
            >
              <Stack gap="md">
                <Alert color="yellow" variant="light" title="Nothing privileged">
                  {MATTERS_PRIVILEGE_NOTE}
                </Alert>
                <ListField
                  control={control}
                  name="matters"
                  onFull={() => showToast(TOASTS.tooManyMatters, { variant: 'destructive' })}
                  list={MATTER_LIST}
                />
              </Stack>
            </FormSection>
            <FormSection title="Personal Relationships & Interests">
              <RowFields
                control={control}
                prefix="personalRelationships"
                fields={PERSONAL_RELATIONSHIP_LIST}
                minRows={2}
              />
            </FormSection>
            <FormSection title="Additional Disclosures">
              <TextareaField control={control} name="potentialConflicts" label="Potential Conflicts" />
              <TextareaField control={control} name="additionalInformation" label="Additional Information" />
            </FormSection>
            <FormSection title="Certification">
              <CheckboxField
                control={control}
                name="certificationAgreement"
                label="I certify that the information in this form is complete and accurate to the best of my knowledge."
              />
            </FormSection>
            <Group justify="flex-end">
              <Button type="submit" disabled={submit.isPending}>
                {submit.isPending ? 'Submitting...' : 'Submit Conflicts Form'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PageShell>
  );
}
