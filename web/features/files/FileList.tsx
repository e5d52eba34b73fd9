import { ActionIcon, Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { type FileRef, formatBytes } from '@shared/files';
import { IconFileText, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';

/** Uploaded files with a download link each and, when removable, a confirmed Remove. */
export function FileList(props: { files: FileRef[]; onRemove?: (file: FileRef) => void; label: string }) {
  const [removing, setRemoving] = useState<FileRef | null>(null);
  if (props.files.length === 0) return null;
  return (
    <Stack gap="xs" aria-label={props.label} role="list">
      {props.files.map((file) => (
        <Paper key={file.id} withBorder p="sm" radius="md" role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap" miw={0}>
              <IconFileText size={20} aria-hidden style={{ flexShrink: 0 }} />
              <Stack gap={0} miw={0}>
                <Anchor href={file.url} download={file.name} truncate="end" fw={500}>
                  {file.name}
                </Anchor>
                {file.size > 0 && (
                  <Text size="xs" c="dimmed">
                    {formatBytes(file.size)}
                  </Text>
                )}
              </Stack>
            </Group>
            {props.onRemove && (
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${file.name}`}
                onClick={() => setRemoving(file)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Paper>
      ))}
      <ConfirmDialog
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        title="Remove document"
        message={`Remove ${removing?.name ?? ''} from this list? You can upload it again later.`}
        confirmLabel="Remove"
        color="red"
        onConfirm={() => {
          if (removing) props.onRemove?.(removing);
          setRemoving(null);
        }}
      />
    </Stack>
  );
}
