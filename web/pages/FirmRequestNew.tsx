import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Anchor,
  Button,
  Center,
  Checkbox,
  Group,
  Loader,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { todayUtc } from '@shared/calendar';
import { FIRM_TOASTS, type FirmProfile } from '@shared/firm';
import { INVITATION_CLOSING, invitationMailWords } from '@shared/invitation-mail';
import { PROFILE_PRACTICE_AREAS } from '@shared/practice-areas';
import {
  type CustomSection,
  composeFirmQuestions,
  type FirmRequestItem,
  type LpqRequestFormValues,
  lpqRequestFormSchema,
  QUESTION_TYPE_LABELS,
  REQUEST_MESSAGES,
} from '@shared/requests';
import { hasRole } from '@shared/team';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { PageShell } from '../components/PageShell';
import { VerifyEmailBanner } from '../components/VerifyEmailBanner';
import { refreshRequests, useCustomSections, useFirmProfile } from '../features/firm/api';
import { ContactPersonFields, ContactPhoneField, type FirmFieldsForm } from '../features/firm/FirmFields';
import { FirmSection } from '../features/firm/FirmSection';
import { QuestionsEditor, type QuestionsForm } from '../features/firm/QuestionsEditor';
import { rolesOf } from '../features/team/access';
import { errorMessage, fieldErrors } from '../lib/api';
import { useAuth } from '../lib/auth';
import { api } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { showToast } from '../lib/toast';

type FormOutput = z.output<typeof lpqRequestFormSchema>;

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const same = (a: string | undefined, b: string) => (a ?? '').trim().toLowerCase() === b.trim().toLowerCase();

/** PRODUCT.md §6: one open invitation per address and position — said before sending, not after. */
function useOpenInvitation(email: string, positionTitle: string): FirmRequestItem | undefined {
  // The firm's pending invitations to this address, asked of the server (the list may run to many pages).
  const [address] = useDebouncedValue(email.trim().toLowerCase(), 300);
  const looksLikeAddress = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address);
  const requests = useQuery({
    queryKey: [`/api/firm/lpq-requests?status=pending&limit=200&q=${encodeURIComponent(address)}`],
    queryFn: () =>
      api('GET /api/firm/lpq-requests', { query: { status: 'pending', limit: 200, q: address } }),
    enabled: looksLikeAddress,
  });
  if (!looksLikeAddress || !positionTitle.trim()) return undefined;
  return requests.data?.find(
    (r) => r.status === 'pending' && same(r.attorneyEmail, email) && same(r.positionTitle, positionTitle),
  );
}

/** The invitation as the attorney will receive it, from the same words the server mails. */
function MailPreview({ profile, values }: { profile: FirmProfile; values: LpqRequestFormValues }) {
  const words = invitationMailWords({
    firmName: profile.firmName,
    // Placeholders until typed: the sentence already says 'for the position …'.
    positionTitle: str(values.positionTitle).trim() || '[position title]',
    practiceArea: str(values.practiceArea) || '[practice area]',
    dueDate: str(values.dueDate) || null,
    contactPersonName: str(values.contactPersonName).trim(),
    contactPersonTitle: str(values.contactPersonTitle).trim(),
    additionalMessage: str(values.additionalMessage).trim() || null,
  });
  return (
    <Paper withBorder p="md" bg="gray.0" aria-label="Email preview">
      <Stack gap="xs">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          Subject
        </Text>
        <Text fw={600}>{words.subject}</Text>
        <Text size="sm">{words.greeting}</Text>
        {words.paragraphs.map((p) => (
          <Text key={p} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {p}
          </Text>
        ))}
        <Text size="sm">{INVITATION_CLOSING.withAccount}</Text>
        <Text size="xs" c="dimmed">
          With a button to the request. An attorney without an account yet gets a sign-up link instead, and
          this last line explains Lateral Passport.
        </Text>
      </Stack>
    </Paper>
  );
}

function InvitationForm({ profile, sections }: { profile: FirmProfile; sections: CustomSection[] }) {
  const navigate = useNavigate();
  const isAdmin = hasRole(rolesOf(useAuth().user), 'admin');
  const form = useForm<LpqRequestFormValues, unknown, FormOutput>({
    resolver: zodResolver(lpqRequestFormSchema),
    // Each field says what is wrong as soon as it is left, with the spec's messages.
    mode: 'onBlur',
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
  const firmFields = controlFor(form.control)<FirmFieldsForm>();
  const values = form.watch();
  const open = useOpenInvitation(str(values.attorneyEmail), str(values.positionTitle));
  const send = useMutation({
    mutationFn: ({ savedSectionIds, questions, ...fields }: FormOutput) =>
      api('POST /api/firm/lpq-requests', {
        body: {
          ...fields,
          firmSpecificQuestions: composeFirmQuestions(
            sections.filter((s) => savedSectionIds.includes(s.id)),
            questions,
          ),
        },
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

  // A refusal that names no field (address not verified, too many invitations) stays beside the button.
  const refusal =
    send.error && !Object.keys(fieldErrors(send.error)).length
      ? errorMessage(send.error, FIRM_TOASTS.invitationFailed.message)
      : null;
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
              min={todayUtc()}
              error={errors.dueDate?.message}
              {...form.register('dueDate')}
            />
          </SimpleGrid>
        </FirmSection>

        {open && (
          <Alert color="yellow" title={REQUEST_MESSAGES.invitationAlreadyOpen} role="alert">
            <Text size="sm">
              You invited {open.attorneyEmail} to {open.positionTitle} on{' '}
              {new Date(open.sentAt).toLocaleDateString('en-US', {
                month: 'short',
                day: '2-digit',
                year: 'numeric',
              })}
              .{' '}
              <Anchor component={Link} to={`/firm/requests/${open.id}`} underline="always">
                View the invitation
              </Anchor>
            </Text>
          </Alert>
        )}

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
              {/* The library is the admins' (PRODUCT.md §9): a recruiter alone is told who keeps it. */}
              No saved sections yet.{' '}
              {isAdmin ? (
                <>
                  <Anchor component={Link} to="/firm/custom-sections" underline="always">
                    Create custom sections
                  </Anchor>{' '}
                  to reuse them, or add questions below.
                </>
              ) : (
                'A firm admin can save sections to reuse; add questions below.'
              )}
            </Text>
          )}
          <Title order={3} fz="h5">
            Add questions for this request
          </Title>
          <QuestionsEditor
            control={controlFor(form.control)<QuestionsForm>()}
            emptyText="No additional questions."
          />
        </FirmSection>

        <FirmSection
          title="The email the attorney will receive"
          description="Sent from Lateral Passport as soon as you send the invitation."
        >
          <MailPreview profile={profile} values={values} />
        </FirmSection>

        {refusal && (
          <Alert color="red" variant="light" role="alert" title="The invitation was not sent">
            <Text size="sm">{refusal}</Text>
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" component={Link} to="/firm/requests">
            Cancel
          </Button>
          <Button type="submit" disabled={send.isPending || !!open}>
            {send.isPending ? 'Sending...' : 'Send Invitation'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** PRODUCT.md §4: invite an attorney by e-mail to a position. */
export default function FirmRequestNew() {
  const { user } = useAuth();
  const profile = useFirmProfile();
  const sections = useCustomSections();
  const loading = profile.isLoading || sections.isLoading;
  // PRODUCT.md §9: inviting is the recruiter's (request.firmPipeline); anyone else would be refused on send.
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
            {hasRole(rolesOf(user), 'admin') ? (
              <Anchor component={Link} to="/firm/profile" underline="always">
                Go to Firm Profile
              </Anchor>
            ) : (
              'Ask a firm admin to complete it.'
            )}
          </Text>
        </Alert>
      ) : (
        <Stack gap="lg">
          {/* Before anything is typed, the page says the address must be verified (PRODUCT.md §6). */}
          {user && <VerifyEmailBanner user={user} />}
          <InvitationForm profile={profile.data} sections={sections.data ?? []} />
        </Stack>
      )}
    </PageShell>
  );
}
