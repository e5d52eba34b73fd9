import { Center, Loader, Stack, Text } from '@mantine/core';
import { describeFirmAuditEvent } from '@shared/team-texts';
import { errorMessage } from '../../lib/api';
import { formatWhen, Section } from '../security/Section';
import { useFirmAudit } from './api';

/** The firm's audit trail (PRODUCT.md §9): member and settings changes, who, what and when, newest first. */
export function AuditTrail() {
  const audit = useFirmAudit();
  const events = audit.data ?? [];
  return (
    <Section
      id="audit"
      title="Audit trail"
      description="Every change to the team and the settings: who made it, and when. Newest first."
    >
      {audit.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading the audit trail" />
        </Center>
      ) : audit.isError ? (
        <Text c="red.8" role="alert">
          {errorMessage(audit.error, 'The audit trail could not be loaded. Please reload the page.')}
        </Text>
      ) : events.length === 0 ? (
        <Text c="gray.7" size="sm">
          No changes yet.
        </Text>
      ) : (
        <Stack component="ol" gap={0} p={0} m={0} style={{ listStyle: 'none' }} data-testid="audit-trail">
          {events.map((event, i) => (
            <Stack
              component="li"
              key={event.id}
              gap={2}
              py="xs"
              style={i > 0 ? { borderTop: '1px solid var(--mantine-color-gray-3)' } : undefined}
            >
              <Text size="sm">{describeFirmAuditEvent(event)}</Text>
              <Text size="xs" c="gray.7">
                <time dateTime={event.at}>{formatWhen(event.at)}</time>
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Section>
  );
}
