import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  Modal,
  Paper,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { FIRM_TOASTS } from '@shared/firm';
import {
  type CustomSection,
  type FirmSection,
  type FirmSectionInput,
  firmSectionSchema,
  QUESTION_TYPE_LABELS,
} from '@shared/requests';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageShell } from '../components/PageShell';
import { FIRM_KEYS, useCustomSections } from '../features/firm/api';
import { blankQuestion, QuestionsEditor, type QuestionsForm } from '../features/firm/QuestionsEditor';
import { errorMessage, queryClient } from '../lib/api';
import { api } from '../lib/client';
import { applyServerErrors, controlFor } from '../lib/forms';
import { showToast } from '../lib/toast';

const refreshSections = () => queryClient.invalidateQueries({ queryKey: FIRM_KEYS.sections });

function SectionEditor({ section, onDone }: { section: CustomSection | null; onDone: () => void }) {
  const form = useForm<FirmSectionInput, unknown, FirmSection>({
    resolver: zodResolver(firmSectionSchema),
    defaultValues: section
      ? { title: section.title, questions: section.questions }
      : { title: '', questions: [blankQuestion()] },
  });
  const save = useMutation({
    mutationFn: (values: FirmSection) =>
      section
        ? api('PUT /api/firm/custom-sections/:id', { params: { id: section.id }, body: values })
        : api('POST /api/firm/custom-sections', { body: values }),
    onSuccess: async () => {
      await refreshSections();
      showToast(FIRM_TOASTS.sectionSaved, { variant: 'success' });
      onDone();
    },
    onError: (error) => {
      applyServerErrors(error, form.setError);
      showToast(FIRM_TOASTS.sectionFailed, {
        variant: 'destructive',
        message: errorMessage(error, FIRM_TOASTS.sectionFailed.message),
      });
    },
  });
  return (
    <form onSubmit={form.handleSubmit((values) => save.mutate(values))} noValidate>
      <Stack gap="md">
        <TextInput
          label="Section Title"
          placeholder="e.g. Practice Fit"
          required
          data-autofocus
          error={form.formState.errors.title?.message}
          {...form.register('title')}
        />
        <QuestionsEditor control={controlFor(form.control)<QuestionsForm>()} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Section'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** PRODUCT.md §4: the firm's library of reusable custom sections. */
export default function FirmCustomSections() {
  const sections = useCustomSections();
  const [editing, setEditing] = useState<CustomSection | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomSection | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => api('DELETE /api/firm/custom-sections/:id', { params: { id } }),
    onSuccess: async () => {
      await refreshSections();
      showToast(FIRM_TOASTS.sectionDeleted, { variant: 'success' });
      setDeleting(null);
    },
    onError: (error) =>
      showToast(FIRM_TOASTS.sectionFailed, {
        variant: 'destructive',
        message: errorMessage(error, 'The section could not be deleted. Please try again.'),
      }),
  });

  // PRODUCT.md §9: the library is the admins' to keep (firm.manageFirm); recruiters pick from it when inviting.
  return (
    <PageShell
      title="Custom Sections"
      subtitle="Reusable firm-specific questions to add to your LPQ invitations."
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
      actions={
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          New Section
        </Button>
      }
    >
      {sections.isLoading ? (
        <Center py="xl">
          <Loader aria-label="Loading sections" />
        </Center>
      ) : sections.isError ? (
        <Text c="red.8" role="alert">
          The sections could not be loaded. Please reload the page.
        </Text>
      ) : sections.data?.length ? (
        <Stack gap="md">
          {sections.data.map((section) => (
            <Paper key={section.id} withBorder p="md">
              <Group justify="space-between" align="flex-start" gap="sm">
                <div>
                  <Title order={2} fz="h4">
                    {section.title}
                  </Title>
                  <Text size="sm" c="dimmed">
                    {section.questions.length} {section.questions.length === 1 ? 'question' : 'questions'}
                  </Text>
                </div>
                <Group gap="xs">
                  <Button
                    variant="default"
                    size="xs"
                    leftSection={<IconEdit size={14} aria-hidden />}
                    onClick={() => setEditing(section)}
                    aria-label={`Edit ${section.title}`}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="light"
                    color="red"
                    size="xs"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setDeleting(section)}
                    aria-label={`Delete ${section.title}`}
                  >
                    Delete
                  </Button>
                </Group>
              </Group>
              {section.questions.length > 0 && (
                <List size="sm" mt="sm" spacing={4}>
                  {section.questions.map((q) => (
                    <List.Item key={q.id}>
                      {q.text}{' '}
                      <Badge size="xs" variant="light" color="gray">
                        {QUESTION_TYPE_LABELS[q.type]}
                      </Badge>{' '}
                      {q.required && (
                        <Badge size="xs" variant="light" color="red">
                          Required
                        </Badge>
                      )}
                      {q.type === 'select' && q.options?.length ? (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          ({q.options.join(', ')})
                        </Text>
                      ) : null}
                    </List.Item>
                  ))}
                </List>
              )}
            </Paper>
          ))}
        </Stack>
      ) : (
        <Paper withBorder p="xl">
          <Stack align="center" gap="sm">
            <Text fw={500}>No custom sections yet</Text>
            <Text c="dimmed" size="sm" ta="center">
              Create a section of questions once and add it to any invitation.
            </Text>
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
              Create your first section
            </Button>
          </Stack>
        </Paper>
      )}

      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing === 'new' ? 'New Custom Section' : 'Edit Custom Section'}
        size="lg"
        fullScreen={typeof window !== 'undefined' && window.innerWidth < 576}
      >
        {editing !== null && (
          <SectionEditor section={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
        )}
      </Modal>

      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title="Delete Custom Section"
        message={`Are you sure you want to delete “${deleting?.title ?? ''}”? Requests already sent keep their questions.`}
        confirmLabel="Delete Section"
        color="red"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
      />
    </PageShell>
  );
}
