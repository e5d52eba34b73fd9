import { Button } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';

/** PRODUCT.md §4: the way to a new LPQ invitation, from the dashboard and the requests list. */
export function NewRequestButton() {
  return (
    <Button component={Link} to="/firm/requests/new" leftSection={<IconSend size={16} aria-hidden />}>
      Send LPQ Invitation
    </Button>
  );
}
