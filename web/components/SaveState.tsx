import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { SAVE_STATE_TEXT } from '@shared/drafts';
import { formatDateTime } from '@shared/format';
import {
  IconAlertTriangle,
  IconCloudCheck,
  IconCloudOff,
  IconHistory,
  IconPencil,
} from '@tabler/icons-react';
import { format } from 'date-fns';
import { useState } from 'react';
import type { Autosave } from '../lib/autosave';

/**
 * The autosave line next to a form's title: 'Saving…', 'Saved 10:42', 'Not saved — retrying', offline.
 * Announced politely to screen readers; empty until something was typed or restored.
 */
export function SaveState({ autosave }: { autosave: Pick<Autosave, 'status' | 'savedAt'> }) {
  const { status, savedAt } = autosave;
  let icon = null;
  let text = '';
  let color = 'dimmed';
  if (status === 'pending') {
    icon = <IconPencil size={14} aria-hidden />;
    text = SAVE_STATE_TEXT.pending;
  } else if (status === 'saving') {
    icon = <Loader size={12} aria-hidden />;
    text = SAVE_STATE_TEXT.saving;
  } else if (status === 'saved' && savedAt) {
    icon = <IconCloudCheck size={14} aria-hidden />;
    text = SAVE_STATE_TEXT.saved(format(savedAt, 'HH:mm'));
  } else if (status === 'retrying') {
    icon = <IconAlertTriangle size={14} aria-hidden />;
    text = SAVE_STATE_TEXT.retrying;
    color = 'red.8';
  } else if (status === 'offline') {
    icon = <IconCloudOff size={14} aria-hidden />;
    text = SAVE_STATE_TEXT.offline;
    color = 'orange.9';
  }
  return (
    <Group gap={6} wrap="nowrap" mih={20} data-testid="save-state" data-status={status}>
      {icon}
      <Text size="sm" c={color} role="status" aria-live="polite">
        {text}
      </Text>
    </Group>
  );
}

/** Shown when a form opened with input that had not been saved: it is back, and can be dropped. */
export function RestoredNotice({
  autosave,
}: {
  autosave: Pick<Autosave, 'restoredFrom' | 'discardRestored'>;
}) {
  const [confirming, setConfirming] = useState(false);
  if (!autosave.restoredFrom) return null;
  return (
    <Alert
      color="blue"
      variant="light"
      icon={<IconHistory size={18} aria-hidden />}
      data-testid="restored-notice"
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {SAVE_STATE_TEXT.restored} ({formatDateTime(autosave.restoredFrom.toISOString())})
        </Text>
        {confirming ? (
          <Group gap="xs">
            <Text size="sm" fw={600}>
              Discard the restored changes?
            </Text>
            <Button size="compact-sm" color="red" onClick={autosave.discardRestored}>
              Discard
            </Button>
            <Button size="compact-sm" variant="default" onClick={() => setConfirming(false)}>
              Keep them
            </Button>
          </Group>
        ) : (
          <Button size="compact-sm" variant="subtle" onClick={() => setConfirming(true)}>
            {SAVE_STATE_TEXT.discard}
          </Button>
        )}
      </Group>
    </Alert>
  );
}
