import { zodResolver } from '@hookform/resolvers/zod';
import {
  Button,
  Center,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import {
  BONUS_STRUCTURE_LABELS,
  BONUS_STRUCTURES,
  blankOffice,
  type FirmProfile as FirmProfileData,
  type FirmProfileInput,
  type FirmProfileValues,
  firmProfileSchema,
  PARTNERSHIP_TIER_LABELS,
  PARTNERSHIP_TIERS,
} from '@shared/firm';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import { TOASTS } from '@shared/texts';
import { useMutation } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { PageShell } from '../components/PageShell';
import { FIRM_KEYS, useFirmProfile } from '../features/firm/api';
import {
  ContactPersonFields,
  ContactPhoneField,
  FirmBasicFields,
  type FirmFieldsForm,
  FirmNumberField,
  FirmSizeFields,
} from '../features/firm/FirmFields';
import { FirmSection } from '../features/firm/FirmSection';
import { OfficeFields, type OfficesForm } from '../features/firm/OfficeFields';
import { PracticeAreaChecklist, type PracticeAreasForm } from '../features/firm/PracticeAreaChecklist';
import { queryClient } from '../lib/api';
import { USER_QUERY_KEY, useAuth } from '../lib/auth';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { showToast } from '../lib/toast';

const TIER_OPTIONS = PARTNERSHIP_TIERS.map((t) => ({ value: String(t), label: PARTNERSHIP_TIER_LABELS[t] }));
const BONUS_OPTIONS = BONUS_STRUCTURES.map((b) => ({ value: b, label: BONUS_STRUCTURE_LABELS[b] }));

/** Amounts in dollars, 0 or more. */
const PAY_FIELDS = [
  ['associateSalaryMin', 'Associate Salary Min ($)'],
  ['associateSalaryMax', 'Associate Salary Max ($)'],
  ['partnerCompensationMin', 'Partner Compensation Min ($)'],
  ['partnerCompensationMax', 'Partner Compensation Max ($)'],
] as const;
/** Shares of the firm's attorneys, 0 to 100. */
const DIVERSITY_FIELDS = [
  ['genderDiversityFemale', 'Female Attorneys (%)'],
  ['genderDiversityMale', 'Male Attorneys (%)'],
  ['ethnicDiversity', 'Ethnically Diverse Attorneys (%)'],
] as const;

const text = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** The stored profile as form values: numbers as the text of their inputs, at least one office row. */
function toFormValues(profile: FirmProfileData | null, email: string): FirmProfileInput {
  const p = (profile ?? {}) as Partial<FirmProfileData>;
  return {
    firmName: p.firmName ?? '',
    founded: text(p.founded),
    headquartersAddress: p.headquartersAddress ?? '',
    website: p.website ?? '',
    description: p.description ?? '',
    totalAttorneys: text(p.totalAttorneys),
    numberOfOffices: text(p.numberOfOffices),
    totalStaff: text(p.totalStaff),
    practiceAreas: p.practiceAreas ?? [],
    offices: p.offices?.length
      ? p.offices.map(({ city, state, numberOfAttorneys }) => ({ city, state, numberOfAttorneys }))
      : [blankOffice()],
    partnershipTiers: text(p.partnershipTiers),
    bonusStructure: p.bonusStructure ?? '',
    associateSalaryMin: text(p.associateSalaryMin),
    associateSalaryMax: text(p.associateSalaryMax),
    partnerCompensationMin: text(p.partnerCompensationMin),
    partnerCompensationMax: text(p.partnerCompensationMax),
    partnershipRequirements: p.partnershipRequirements ?? '',
    genderDiversityFemale: text(p.genderDiversityFemale),
    genderDiversityMale: text(p.genderDiversityMale),
    ethnicDiversity: text(p.ethnicDiversity),
    contactPersonName: p.contactPersonName ?? '',
    contactPersonTitle: p.contactPersonTitle ?? '',
    contactPhone: p.contactPhone ?? '',
    email: p.email ?? email,
  } as FirmProfileInput;
}

function FirmProfileForm({ profile, email }: { profile: FirmProfileData | null; email: string }) {
  const form = useForm<FirmProfileInput, unknown, FirmProfileValues>({
    resolver: zodResolver(firmProfileSchema),
    defaultValues: toFormValues(profile, email),
  });
  const { errors } = form.formState;
  const firmFields = controlFor(form.control)<FirmFieldsForm>();
  const save = useMutation({
    // Spec §4: POST when no profile exists, PUT otherwise.
    mutationFn: (body: BodyOf<'PUT /api/firm/profile'>) =>
      profile ? api('PUT /api/firm/profile', { body }) : api('POST /api/firm/profile', { body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(FIRM_KEYS.profile, saved);
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      form.reset(toFormValues(saved, email));
      showToast(TOASTS.profileUpdated, { variant: 'success', message: 'Your firm profile has been saved.' });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      showToast(TOASTS.profileFailed, { variant: 'destructive' });
    },
  });

  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="lg">
        <FirmSection title="Basic Information">
          <FirmBasicFields control={firmFields} foundedMin={0} />
          <FirmSizeFields control={firmFields} withStaff />
        </FirmSection>

        <FirmSection title="Office Locations">
          <OfficeFields control={controlFor(form.control)<OfficesForm>()} />
        </FirmSection>

        <FirmSection title="Practice Areas">
          <PracticeAreaChecklist
            control={controlFor(form.control)<PracticeAreasForm>()}
            areas={PROFILE_PRACTICE_AREAS}
            label="Practice areas your firm offers"
          />
        </FirmSection>

        <FirmSection title="Compensation & Structure">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Controller
              control={form.control}
              name="partnershipTiers"
              render={({ field }) => (
                <Select
                  label="Partnership Tiers"
                  placeholder="Select tiers"
                  data={TIER_OPTIONS}
                  value={text(field.value) || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  clearable
                  error={errors.partnershipTiers?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="bonusStructure"
              render={({ field }) => (
                <Select
                  label="Bonus Structure"
                  placeholder="Select bonus structure"
                  data={BONUS_OPTIONS}
                  value={text(field.value) || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  clearable
                  error={errors.bonusStructure?.message}
                />
              )}
            />
            {PAY_FIELDS.map(([name, label]) => (
              <FirmNumberField key={name} control={form.control} name={name} label={label} min={0} />
            ))}
          </SimpleGrid>
          <Textarea
            label="Partnership Requirements"
            autosize
            minRows={2}
            error={errors.partnershipRequirements?.message}
            {...form.register('partnershipRequirements')}
          />
        </FirmSection>

        <FirmSection title="Diversity & Culture">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {DIVERSITY_FIELDS.map(([name, label]) => (
              <FirmNumberField
                key={name}
                control={form.control}
                name={name}
                label={label}
                min={0}
                max={100}
              />
            ))}
          </SimpleGrid>
        </FirmSection>

        <FirmSection title="Contact Information">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ContactPersonFields control={firmFields} />
            <ContactPhoneField control={firmFields} label="Phone Number" />
            <TextInput label="Email" type="email" error={errors.email?.message} {...form.register('email')} />
          </SimpleGrid>
        </FirmSection>

        <Group justify="flex-end">
          <Button type="submit" size="md" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Profile'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Spec 2.10: every section of the firm profile, with the back link to /dashboard/firm. */
export default function FirmProfile() {
  const { user } = useAuth();
  const profile = useFirmProfile();
  // PRODUCT.md §9: the firm profile is the admins' to edit (firm.manageFirm).
  return (
    <PageShell
      title="Firm Profile"
      subtitle="What attorneys learn about your firm."
      back={{ to: '/dashboard/firm', label: 'Back to Dashboard' }}
      size="md"
    >
      {profile.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading profile" />
        </Center>
      ) : profile.isError ? (
        <Text c="red.8" role="alert">
          The profile could not be loaded. Please reload the page.
        </Text>
      ) : (
        <FirmProfileForm profile={profile.data ?? null} email={user?.email ?? ''} />
      )}
    </PageShell>
  );
}
