import { Alert } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';

/** A registration wizard put back what this tab kept: passwords are never kept, so they are asked again. */
export function KeptInputNotice() {
  return (
    <Alert color="blue" variant="light" icon={<IconRestore size={18} aria-hidden />} role="status">
      We kept what you typed before the page reloaded. Passwords are never kept: please enter yours again.
    </Alert>
  );
}
