import { Badge, Button, Card, Divider, Group, List, Stack, Text, Title } from '@mantine/core';
import type { AttorneyRequestItem } from '@shared/lpq';
import { ATTORNEY_CARD_STATUS_LABELS, REQUEST_STATUS_COLORS, REQUEST_STATUS_LABELS } from '@shared/requests';
import {
  IconBuilding,
  IconCalendar,
  IconCheck,
  IconClock,
  IconFileText,
  IconPhone,
  IconUser,
} from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';

export const STATUS_COLORS = REQUEST_STATUS_COLORS;

const INCLUDED_DOCUMENTS = ['Master LPQ', 'Conflicts Form', 'Diversity Form'];

function questionCount(item: AttorneyRequestItem) {
  return (item.firmSpecificQuestions?.sections ?? []).reduce((n, s) => n + s.questions.length, 0);
}

/** One request on /attorney/lpq-requests (spec 2.16). */
export function RequestCard(props: {
  item: AttorneyRequestItem;
  onShare: (item: AttorneyRequestItem) => void;
  onDecline: (item: AttorneyRequestItem) => void;
}) {
  const { item } = props;
  const questions = questionCount(item);
  const isPending = item.status === 'pending';
  return (
    <Card withBorder padding="lg" component="article" aria-label={`${item.firmName}: ${item.positionTitle}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="nowrap">
          <Stack gap={2}>
            <Group gap={6}>
              <IconBuilding size={18} aria-hidden />
              <Title order={3} fz="lg">
                {item.firmName}
              </Title>
            </Group>
            <Text fw={500}>{item.positionTitle}</Text>
            <Text size="sm" c="dimmed">
              {item.practiceArea}
            </Text>
          </Stack>
          <Badge color={STATUS_COLORS[item.status]} variant="light" tt="none" size="lg">
            {REQUEST_STATUS_LABELS[item.status]}
          </Badge>
        </Group>

        <Group gap="lg" wrap="wrap">
          <Group gap={6}>
            <IconCalendar size={16} aria-hidden />
            <Text size="sm">Requested {formatDate(item.sentAt)}</Text>
          </Group>
          {item.dueDate && (
            <Group gap={6}>
              <IconClock size={16} aria-hidden />
              <Text size="sm">Due {formatDate(item.dueDate)}</Text>
            </Group>
          )}
        </Group>

        {item.contactPersonName && (
          <Group gap="lg" wrap="wrap">
            <Group gap={6}>
              <IconUser size={16} aria-hidden />
              <Text size="sm">
                {item.contactPersonName}
                {item.contactPersonTitle && `, ${item.contactPersonTitle}`}
              </Text>
            </Group>
            {item.contactPhone && (
              <Group gap={6}>
                <IconPhone size={16} aria-hidden />
                <Text size="sm">{item.contactPhone}</Text>
              </Group>
            )}
          </Group>
        )}

        {item.additionalMessage && (
          <Text size="sm" bg="gray.0" p="sm" style={{ borderRadius: 8, whiteSpace: 'pre-wrap' }}>
            {item.additionalMessage}
          </Text>
        )}

        {!isPending && item.status !== 'declined' && questions > 0 && (
          <Text size="sm" c="navy.8">
            This firm added {questions} firm-specific question{questions === 1 ? '' : 's'} to your position
            LPQ.
          </Text>
        )}

        <div>
          <Text size="sm" fw={600} mb={4}>
            Included documents
          </Text>
          <List size="sm" spacing={2} icon={<IconFileText size={14} aria-hidden />} center>
            {INCLUDED_DOCUMENTS.map((d) => (
              <List.Item key={d}>{d}</List.Item>
            ))}
          </List>
        </div>

        <Divider />
        {isPending ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => props.onDecline(item)}>
              Decline
            </Button>
            <Button onClick={() => props.onShare(item)}>Share LPQ</Button>
          </Group>
        ) : (
          <Group justify="space-between" gap="sm">
            <Group gap={6}>
              {item.status !== 'declined' && <IconCheck size={16} aria-hidden />}
              <Text size="sm" fw={600}>
                {ATTORNEY_CARD_STATUS_LABELS[item.status]}
              </Text>
            </Group>
            {item.lpqId && (
              <Button component={Link} to={`/lpq/${item.lpqId}`} variant="light" size="sm">
                {item.status === 'accepted' || item.status === 'in_progress'
                  ? 'Complete Position LPQ'
                  : 'View Position LPQ'}
              </Button>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}
