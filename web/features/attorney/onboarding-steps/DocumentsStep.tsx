import { Stack, Text } from '@mantine/core';
import type { OnboardingValues } from '@shared/attorney';
import type { FileRef } from '@shared/files';
import type { Control } from 'react-hook-form';
import { DocumentsUploader, ResumeUploader } from '../../files';
import { TextareaField } from '../../questionnaires/fields';

/** Step 4: the resume and writing samples (kept as soon as uploaded) and the references. */
export function DocumentsStep({
  control,
  resumeUrl,
  onResumeChange,
  documents,
  onDocumentsChange,
}: {
  control: Control<OnboardingValues>;
  resumeUrl: string | null | undefined;
  onResumeChange: () => void;
  documents: FileRef[];
  onDocumentsChange: (documents: FileRef[]) => void;
}) {
  return (
    <>
      <Stack gap="xs">
        <Text fw={600}>
          Resume{' '}
          <Text span c="red">
            *
          </Text>
        </Text>
        <Text size="sm" c="dimmed">
          PDF, DOC or DOCX, up to 10MB.
        </Text>
        <ResumeUploader value={resumeUrl} onChange={onResumeChange} />
      </Stack>
      <Stack gap="xs">
        <Text fw={600}>Writing Samples (optional)</Text>
        <Text size="sm" c="dimmed">
          PDF documents, up to 10MB each.
        </Text>
        <DocumentsUploader value={documents} onChange={onDocumentsChange} label="Writing samples" />
      </Stack>
      <TextareaField
        control={control}
        name="references"
        label="Professional References"
        description="3 to 5 references: name, title, organisation and contact details."
      />
    </>
  );
}
