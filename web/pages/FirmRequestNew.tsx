import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { FIRM_TOASTS, type FirmProfile } from '@shared/firm';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import {
  type CustomSection,
  composeFirmQuestions,
  type FirmRequestItem,
  type LpqRequestFormValues,
  lpqRequestFormSchema,
  QUESTION_TYPE_LABELS,
  todayIsoDate,
} from '@shared/requests';
import { useMutation } from '@tanstack/react-query';
import { type Control, Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageShell } from '../components/PageShell';
import { refreshRequests, useCustomSections, useFirmProfile } from '../features/firm/api';
import { ContactPersonFields, ContactPhoneField, type FirmFieldsForm } from '../features/firm/FirmFields';
import { FirmSection } from '../features/firm/FirmSection';
import { QuestionsEditor, type QuestionsForm } from '../features/firm/QuestionsEditor';
import { apiRequest, errorMessage } from '../lib/api';
import { applyServerErrors } from '../lib/forms';
import { showToast } from '../lib/toast';

type FormOutput = z.output<typeof lpqRequestFormSchema>;

function InvitationForm({ profile, sections }: { profile: FirmProfile; sections: CustomSection[] }) {
  const navigate = useNavigate();
  const form = useForm<LpqRequestFormValues, unknown, FormOutput>({
    resolver: zodResolver(lpqRequestFormSchema),
    defaultValues: {
      attorneyEmail: '',
      positionTitle: '',
      practiceArea: '',
      dueDate: '',
      contactPersonName: profile.contactPersonName ?? '',
      contactPersonTitle: profile.contactPersonTitle ?? '',
      contactPhone: profile.contactPhone ?? '',
      additionalMessage: '',
      savedSectionIds: [],
      questions: [],
    },
  });
  const { errors } = form.formState;
  const firmFields = form.control as unknown as Control<FirmFieldsForm>;
  const send = useMutation({
    mutationFn: ({ savedSectionIds, questions, ...fields }: FormOutput) =>
      apiRequest<FirmRequestItem>('POST', '/api/firm/lpq-requests', {
        ...fields,
        firmSpecificQuestions: composeFirmQuestions(
          sections.filter((s) => savedSectionIds.includes(s.id)),
          questions,
        ),
      }),
    onSuccess: () => {
      refreshRequests();
      showToast(FIRM_TOASTS.invitationSent, { variant: 'success' });
      navigate('/firm/requests');
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      showToast(FIRM_TOASTS.invitationFailed, {
        variant: 'destructive',
        message: errorMessage(error, FIRM_TOASTS.invitationFailed.message),
      });
    },
  });

  return (
    <form onSubmit={form.handleSubmit((values) => send.mutate(values))} noValidate>
      <Stack gap="lg">
        <FirmSection title="Attorney & Position">
          <TextInput
            label="Attorney Email"
            type="email"
            required
            placeholder="attorney@example.com"
            error={errors.attorneyEmail?.message}
            {...form.register('attorneyEmail')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Position Title"
              required
              placeholder="e.g. Corporate Partner"
              error={errors.positionTitle?.message}
              {...form.register('positionTitle')}
            />
            <Controller
              control={form.control}
              name="practiceArea"
              render={({ field }) => (
                <Select
                  label="Practice Area"
                  required
                  placeholder="Select a practice area"
                  data={[...PROFILE_PRACTICE_AREAS]}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  searchable
                  error={errors.practiceArea?.message}
                />
              )}
            />
            <TextInput
              label="Due Date"
              type="date"
              min={todayIsoDate()}
              error={errors.dueDate?.message}
              {...form.register('dueDate')}
            />
          </SimpleGrid>
        </FirmSection>

        <FirmSection
          title="Contact Person"
          description="Filled in from your firm profile; change them for this request."
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <ContactPersonFields control={firmFields} />
            <ContactPhoneField control={firmFields} label="Contact Phone" />
          </SimpleGrid>
          <Textarea
            label="Message"
            autosize
            minRows={3}
            placeholder="A short note to the attorney"
            error={errors.additionalMessage?.message}
            {...form.register('additionalMessage')}
          />
        </FirmSection>

        <FirmSection
          title="Firm-Specific Questions"
          description="The attorney answers these after sharing, in an extra step of the position LPQ."
        >
          {sections.length > 0 ? (
            <Controller
              control={form.control}
              name="savedSectionIds"
              render={({ field }) => (
                <Checkbox.Group
                  label="Saved custom sections"
                  value={field.value ?? []}
                  onChange={field.onChange}
                >
                  <Stack gap="xs" mt="xs">
                    {sections.map((s) => (
                      <Checkbox
                        key={s.id}
                        value={s.id}
                        label={s.title}
                        description={s.questions
                          .map((q) => `${q.text} (${QUESTION_TYPE_LABELS[q.type]})`)
                          .join(' · ')}
                      />
                    ))}
                  </Stack>
                </Checkbox.Group>
              )}
            />
          ) : (
            <Text size="sm" c="dimmed">
              No saved sections yet.{' '}
              <Anchor component={Link} to="/firm/custom-sections">
                Create custom sections
              </Anchor>{' '}
              to reuse them, or add questions below.
            </Text>
          )}
          <Title order={3} fz="h5">
            Add questions for this request
          </Title>
          <QuestionsEditor
            control={form.control as unknown as Control<QuestionsForm>}
            emptyText="No additional questions."
          />
        </FirmSection>

        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/firm/requests">
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending}>
            {send.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** PRODUCT.md §4: invite an attorney by e-mail to a position. */
export default function FirmRequestNew() {
  const profile = useFirmProfile();
  const sections = useCustomSections();
  const loading = profile.isLoading || sections.isLoading;
  return (
    <PageShell
      title="Send LPQ Invitation"
      subtitle="Invite an attorney to share their LPQ for a position."
      back={{ to: '/firm/requests', label: 'Back to Requests' }}
      size="md"
    >
      {loading ? (
        <Center py="xl">
          <Loader aria-label="Loading" />
        </Center>
      ) : profile.isError || sections.isError ? (
        <Text c="red.8" role="alert">
          The page could not be loaded. Please reload it.
        </Text>
      ) : !profile.data ? (
        <Alert color="yellow" title="Complete your firm profile before sending requests.">
          <Text size="sm">
            Attorneys see your firm's name and contact details on every request.{' '}
            <Anchor component={Link} to="/firm/profile">
              Go to Firm Profile
            </Anchor>
          </Text>
        </Alert>
      ) : (
        <InvitationForm profile={profile.data} sections={sections.data ?? []} />
      )}
    </PageShell>
  );
}
