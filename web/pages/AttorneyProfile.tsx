import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Loader, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  type AttorneyProfile as AttorneyProfileData,
  type AttorneyProfileInput,
  attorneyProfileSchema,
  PROFILE_ETHNICITIES,
  PROFILE_ETHNICITY_LABELS,
  PROFILE_GENDER_LABELS,
  PROFILE_GENDERS,
  YEARS_OF_SERVICE_MAX,
} from '@shared/attorney';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import { prefillProfile } from '@shared/prefill';
import { TOASTS } from '@shared/texts';
import { IconDatabase } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PageShell } from '../components/PageShell';
import { RestoredNotice, SaveState } from '../components/SaveState';
import { FormSection } from '../features/attorney/FormSection';
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
import { ResumeUploader } from '../features/files';
import { marksOf, setPrefillMarks } from '../features/prefill/marks';
import { DateField, optionsOf, TextField, TriStateField } from '../features/questionnaires/fields';
import { NumberField } from '../features/questionnaires/number-fields';
import { SelectField } from '../features/questionnaires/select-field';
import { queryClient } from '../lib/api';
import { USER_QUERY_KEY, useAuth } from '../lib/auth';
import { useAutosave } from '../lib/autosave';
import { api, type BodyOf } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { showToast } from '../lib/toast';

const EMPTY: AttorneyProfileInput = {
  phone: '',
  currentFirm: '',
  position: null,
  yearsExperience: null,
  lawSchool: '',
  graduationYear: null,
  barAdmissions: '',
  practiceAreas: [],
  gender: null,
  ethnicity: null,
  isLgbtqia: null,
  isVeteran: null,
  hasDisability: null,
  militaryBranch: '',
  militaryRank: '',
  yearsOfService: null,
  dischargeDate: '',
};

/** The stored profile as form values: nulls become empty inputs, the ISO discharge date its day. */
function toFormValues(profile: AttorneyProfileData): AttorneyProfileInput {
  return {
    ...EMPTY,
    ...Object.fromEntries(
      Object.keys(EMPTY).map((k) => [
        k,
        profile[k as keyof AttorneyProfileData] ?? EMPTY[k as keyof AttorneyProfileInput],
      ]),
    ),
    dischargeDate: profile.dischargeDate?.slice(0, 10) ?? '',
  };
}

/** Spec 2.9: every section of the attorney profile; POST when none exists, PUT otherwise. */
export default function AttorneyProfile() {
  const { user } = useAuth();
  const profile = useAttorneyProfile();
  const lpq = useMasterLpq();
  const form = useForm<AttorneyProfileInput>({
    resolver: zodResolver(attorneyProfileSchema),
    defaultValues: EMPTY,
  });
  const { control } = form;
  const professional = controlFor(control)<ProfessionalForm>();

  useEffect(() => {
    if (profile.data) form.reset(toFormValues(profile.data));
  }, [profile.data, form]);
  // Enter once: on the first load, what the profile lacks comes from the master LPQ, marked.
  const prefilled = useRef(false);
  useEffect(() => {
    if (prefilled.current || profile.isLoading || lpq.isLoading) return;
    prefilled.current = true;
    const start = prefillProfile(profile.data ? toFormValues(profile.data) : EMPTY, { masterLpq: lpq.data });
    if (!Object.keys(start.prefilled).length) return;
    form.reset(start.values);
    setPrefillMarks(form.control, marksOf(start));
  }, [profile.isLoading, profile.data, lpq.isLoading, lpq.data, form]);
  const autosave = useAutosave({
    form,
    name: 'profile',
    userId: user?.id,
    ready: !profile.isLoading && !lpq.isLoading && !profile.isError,
    recordUpdatedAt: profile.data?.updatedAt,
  });

  const save = useMutation({
    mutationFn: (body: BodyOf<'PUT /api/attorney/profile'>) =>
      profile.data ? api('PUT /api/attorney/profile', { body }) : api('POST /api/attorney/profile', { body }),
    onSuccess: (saved) => {
      afterAttorneySave(ATTORNEY_PATHS.profile, saved);
      autosave.markSaved();
      void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
      showToast(TOASTS.profileUpdated, { variant: 'success' });
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      showToast(TOASTS.profileFailed, { variant: 'destructive' });
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    const day = values.dischargeDate;
    // Service details belong to a veteran only, as on the diversity form.
    const military =
      values.isVeteran === true
        ? // Spec §7: the discharge date is sent as an ISO string.
          { dischargeDate: day ? `${day.slice(0, 10)}T00:00:00.000Z` : null }
        : { militaryBranch: null, militaryRank: null, yearsOfService: null, dischargeDate: null };
    save.mutate({ ...values, ...military });
  });

  const isVeteran = form.watch('isVeteran');

  return (
    <PageShell
      title="Attorney Profile"
      subtitle="Your professional details, shared with firms only when you share your LPQ."
      back={{ to: '/dashboard/attorney', label: 'Back to Dashboard' }}
      size="md"
      status={<SaveState autosave={autosave} />}
      actions={
        <Button
          component={Link}
          to="/attorney/account"
          variant="default"
          leftSection={<IconDatabase size={16} aria-hidden />}
        >
          Your Data
        </Button>
      }
    >
      {profile.isLoading || lpq.isLoading ? (
        <Loader aria-label="Loading profile" />
      ) : profile.isError ? (
        <Text c="red.8" role="alert">
          Your profile could not be loaded. Please reload the page.
        </Text>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="lg">
            <RestoredNotice autosave={autosave} />
            <FormSection title="Personal Information">
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <TextInput label="First Name" value={user?.firstName ?? ''} readOnly />
                <TextInput label="Last Name" value={user?.lastName ?? ''} readOnly />
                <TextInput label="Email" value={user?.email ?? ''} readOnly />
                <TextField control={control} name="phone" label="Phone" type="tel" autoComplete="tel" />
              </SimpleGrid>
            </FormSection>

            <FormSection title="Professional Experience">
              <ProfessionalFields control={professional} />
            </FormSection>

            <FormSection title="Practice Areas & Specializations">
              <PracticeAreasField
                control={professional}
                areas={PROFILE_PRACTICE_AREAS}
                cols={{ base: 1, xs: 2, sm: 3 }}
              />
            </FormSection>

            <FormSection title="Resume & Documents" description="PDF, DOC or DOCX, up to 10 MB.">
              <ResumeUploader value={profile.data?.resumeUrl} />
            </FormSection>

            <FormSection title="Military Service">
              <TriStateField
                control={control}
                name="isVeteran"
                label="Are you a veteran or currently serving?"
              />
              {isVeteran === true && (
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  <TextField control={control} name="militaryBranch" label="Branch" />
                  <TextField control={control} name="militaryRank" label="Rank" />
                  <NumberField
                    control={control}
                    name="yearsOfService"
                    label="Years of Service"
                    min={0}
                    max={YEARS_OF_SERVICE_MAX}
                    allowDecimal={false}
                  />
                  <DateField control={control} name="dischargeDate" label="Discharge Date" />
                </SimpleGrid>
              )}
            </FormSection>

            <FormSection
              title="Voluntary Self-Identification"
              description="Optional. Firms see this information as voluntary and confidential, for reporting, not for hiring decisions. It is the same record as your diversity form."
            >
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <SelectField
                  control={control}
                  name="gender"
                  label="Gender"
                  data={optionsOf(PROFILE_GENDERS, PROFILE_GENDER_LABELS)}
                  clearable
                />
                <SelectField
                  control={control}
                  name="ethnicity"
                  label="Race / Ethnicity"
                  data={optionsOf(PROFILE_ETHNICITIES, PROFILE_ETHNICITY_LABELS)}
                  clearable
                />
              </SimpleGrid>
              <TriStateField control={control} name="isLgbtqia" label="Do you identify as LGBTQIA+?" />
              <TriStateField control={control} name="hasDisability" label="Do you have a disability?" />
            </FormSection>

            <Group justify="flex-end">
              <Button type="submit" disabled={save.isPending}>
                {save.isPending ? 'Saving...' : 'Save Profile'}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </PageShell>
  );
}
