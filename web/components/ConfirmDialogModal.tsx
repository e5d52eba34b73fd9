import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useFocusBack } from '../lib/return-focus';

export type ConfirmDialogProps = {
  opened: boolean;
  title: string;
  message: ReactNode;
  /** What else the action brings about that the user should weigh, shown under the question. */
  warning?: string;
  confirmLabel: string;
  color?: string;
  loading?: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/** The dialog of ConfirmDialog (its own chunk): the question, Cancel, and the action's button. */
export default function ConfirmDialogModal({
  opened,
  title,
  message,
  warning,
  confirmLabel,
  color,
  loading,
  onConfirm,
  onClose,
}: ConfirmDialogProps) {
  // Mounted when first opened (ConfirmDialog): that first time the focus goes back from here.
  useFocusBack(opened);
  return (
    <Modal opened={opened} onClose={onClose} title={title}>
      <Stack gap="md">
        <Text>{message}</Text>
        {warning && (
          <Alert color="yellow" variant="light">
            {warning}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color={color} loading={loading} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
