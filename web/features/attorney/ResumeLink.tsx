import { Anchor, Group, Text } from '@mantine/core';
import type { FileRef } from '@shared/files';
import { IconFileText } from '@tabler/icons-react';

/** The stored resume (a URL) as a link, or the empty state. */
export function ResumeLink({ url }: { url: string | null | undefined }) {
  if (!url) return <Text c="dimmed">No resume uploaded yet</Text>;
  return (
    <Group gap={6}>
      <IconFileText size={18} aria-hidden />
      <Anchor href={url} target="_blank" rel="noopener">
        {decodeURIComponent(url.split('/').pop() || 'Resume')}
      </Anchor>
    </Group>
  );
}

/** Stored documents as links by file name, or the empty state. */
export function DocumentLinks({ documents }: { documents: FileRef[] | undefined }) {
  if (!documents?.length) return <Text c="dimmed">No documents uploaded yet</Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 0, listStyle: 'none' }}>
      {documents.map((d) => (
        <li key={d.id}>
          <Group gap={6}>
            <IconFileText size={18} aria-hidden />
            <Anchor href={d.url} target="_blank" rel="noopener">
              {d.name}
            </Anchor>
          </Group>
        </li>
      ))}
    </ul>
  );
}
