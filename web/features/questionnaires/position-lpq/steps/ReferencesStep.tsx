import { Stack, Text, Textarea, Title } from '@mantine/core';
import type { FileRef } from '@shared/files';
import { useMemo } from 'react';
import { DocumentsUploader } from '../../../files';
import type { PositionLpqStepProps } from './common';

export function ReferencesStep({ formData, readOnly, text, set }: PositionLpqStepProps) {
  const documents = useMemo(
    () => (formData.documents ?? []).filter((d): d is FileRef => typeof d === 'object' && d !== null),
    [formData.documents],
  );
  return (
    <Stack gap="md">
      <Title order={2} fz="lg">
        References & Documents
      </Title>
      <Textarea
        label="References"
        autosize
        minRows={4}
        {...text('references', '3 to 5 professional references: name, relationship and contact details.')}
      />
      {readOnly ? (
        <Text size="sm">
          {documents.length ? documents.map((d) => d.name).join(', ') : 'No documents attached.'}
        </Text>
      ) : (
        <DocumentsUploader
          value={documents}
          onChange={(files) => set('documents', files)}
          label="Documents"
        />
      )}
    </Stack>
  );
}
