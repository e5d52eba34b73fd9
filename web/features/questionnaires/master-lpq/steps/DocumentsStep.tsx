import { Anchor, Stack, Text } from '@mantine/core';
import type { FileRef } from '@shared/files';
import { useWatch } from 'react-hook-form';
import { Link } from 'react-router';
// The uploaders come with this step's own code (the step loads when first shown, MasterLpq.tsx), not as
// chunks of their own after it: the step then shows whole. Loaded after it, they grew from a loader into
// their drop zones and moved 'What is missing' and Save Template down under the pointer, so a click pressed
// on an answer's link was released beside it and lost (CI's attorney-workspace journey; Uppy itself still
// loads only when a drop zone is used, use-document-uppy.ts).
import DocumentsUploader from '../../../files/DocumentsUploader';
import ResumeUploader from '../../../files/ResumeUploader';
import { Section, useLpqForm } from './common';

export function DocumentsStep() {
  const { control, setValue } = useLpqForm();
  const resumeUrl = useWatch({ control, name: 'resumeUrl' });
  const documents = useWatch({ control, name: 'documents' });
  return (
    <Stack gap="xl">
      <Section title="Resume">
        <ResumeUploader
          value={resumeUrl}
          onChange={(url) => setValue('resumeUrl', url, { shouldDirty: true })}
        />
      </Section>
      <Section title="Supporting Documents">
        <Text size="sm" c="dimmed">
          Writing samples and other documents: up to 5 files, PDF, DOC or DOCX, 10 MB each.
        </Text>
        <DocumentsUploader
          value={(documents ?? []) as FileRef[]}
          onChange={(files) => setValue('documents', files, { shouldDirty: true })}
          label="Supporting documents"
        />
      </Section>
      <Section title="Related Forms">
        <Text size="sm">These forms are shared with your Master LPQ:</Text>
        <Stack gap={4}>
          <Anchor component={Link} to="/attorney/conflicts-form">
            Conflicts of Interest Form
          </Anchor>
          <Anchor component={Link} to="/attorney/diversity-form">
            Diversity Self-Identification Form (optional)
          </Anchor>
        </Stack>
      </Section>
    </Stack>
  );
}
