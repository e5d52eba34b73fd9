import { Badge, Button, Card, Divider, Group, List, Loader, Stack, Text, Title } from '@mantine/core';
import type { AttorneyRequestItem } from '@shared/lpq';
import {
  ATTORNEY_CARD_STATUS_LABELS,
  REQUEST_STATUS_COLORS,
  REQUEST_STATUS_LABELS,
  SHARED_DOCUMENT_STATUSES,
} from '@shared/requests';
import { ALWAYS_SHARED_LABELS, PACKAGE_PART_LABELS, PACKAGE_PARTS } from '@shared/sharing';
import {
  IconBuilding,
  IconCalendar,
  IconCheck,
  IconClock,
  IconFileText,
  IconHistory,
  IconHourglass,
  IconLock,
  IconPhone,
  IconShare,
  IconUser,
} from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../lib/format';
import { AuditTrailActions } from '../record/AuditTrailActions';
import { AccessLogList } from './AccessLogList';
import { useAccessLog } from './queries';

export const STATUS_COLORS = REQUEST_STATUS_COLORS;

const INCLUDED_DOCUMENTS = ['Master LPQ', 'Conflicts Form', 'Diversity Form'];

/** What a shared request's latest version holds, in the share dialog's words. */
function sharedParts(item: AttorneyRequestItem): string[] {
  if (!item.include) return INCLUDED_DOCUMENTS;
  return [
    ...ALWAYS_SHARED_LABELS,
    ...PACKAGE_PARTS.filter((p) => item.include?.[p]).map((p) => PACKAGE_PART_LABELS[p]),
  ];
}

const isShared = (item: AttorneyRequestItem) => SHARED_DOCUMENT_STATUSES.includes(item.status);

function questionCount(item: AttorneyRequestItem) {
  return (item.firmSpecificQuestions?.sections ?? []).reduce((n, s) => n + s.questions.length, 0);
}

/** One request on /attorney/lpq-requests (spec 2.16). */
export function RequestCard(props: {
  item: AttorneyRequestItem;
  onShare: (item: AttorneyRequestItem) => void;
  onDecline: (item: AttorneyRequestItem) => void;
  onUpdate: (item: AttorneyRequestItem) => void;
  onRevoke: (item: AttorneyRequestItem) => void;
}) {
  const { item } = props;
  const [history, setHistory] = useState(false);
  const questions = questionCount(item);
  const isPending = item.status === 'pending';
  return (
    <Card withBorder padding="lg" component="article" aria-label={`${item.firmName}: ${item.positionTitle}`}>
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs">
          <Stack gap={2} miw={0} style={{ flex: '1 1 200px' }}>
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
          <Badge
            color={STATUS_COLORS[item.status]}
            variant="light"
            tt="none"
            size="lg"
            style={{ flexShrink: 0 }}
            styles={{ label: { overflow: 'visible' } }}
          >
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

        {item.sharedAt && (
          <Group gap="lg" wrap="wrap">
            <Group gap={6}>
              <IconShare size={16} aria-hidden />
              <Text size="sm">
                Shared {formatDate(item.sharedAt)}
                {item.version && item.version > 1 ? ` · version ${item.version}` : ''}
              </Text>
            </Group>
            {item.accessUntil && item.status !== 'revoked' && (
              <Group gap={6}>
                <IconHourglass size={16} aria-hidden />
                <Text size="sm">Access until {formatDate(item.accessUntil)}</Text>
              </Group>
            )}
            {item.revokedAt && (
              <Group gap={6}>
                <IconLock size={16} aria-hidden />
                <Text size="sm">Access ended {formatDate(item.revokedAt)}</Text>
              </Group>
            )}
          </Group>
        )}

        <div>
          <Text size="sm" fw={600} mb={4}>
            {item.include ? 'Shared with the firm' : 'Included documents'}
          </Text>
          <List size="sm" spacing={2} icon={<IconFileText size={14} aria-hidden />} center>
            {sharedParts(item).map((d) => (
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
              {item.status === 'revoked' ? (
                <IconLock size={16} aria-hidden />
              ) : (
                item.status !== 'declined' && <IconCheck size={16} aria-hidden />
              )}
              <Text size="sm" fw={600}>
                {ATTORNEY_CARD_STATUS_LABELS[item.status]}
              </Text>
            </Group>
            <Group gap="xs" justify="flex-end">
              {item.sharedAt && (
                <Button
                  variant="subtle"
                  size="sm"
                  onClick={() => setHistory((v) => !v)}
                  aria-expanded={history}
                  leftSection={<IconHistory size={16} aria-hidden />}
                >
                  Access history
                </Button>
              )}
              {isShared(item) && (
                <>
                  <Button variant="default" size="sm" onClick={() => props.onUpdate(item)}>
                    Send update
                  </Button>
                  <Button variant="light" color="red" size="sm" onClick={() => props.onRevoke(item)}>
                    Revoke access
                  </Button>
                </>
              )}
              {item.lpqId && item.status !== 'revoked' && (
                <Button component={Link} to={`/lpq/${item.lpqId}`} variant="light" size="sm">
                  {item.status === 'accepted' || item.status === 'in_progress'
                    ? 'Complete Position LPQ'
                    : 'View Position LPQ'}
                </Button>
              )}
            </Group>
          </Group>
        )}
        {history && <RequestAccessHistory requestId={item.id} />}
        {history && <AuditTrailActions target={{ side: 'attorney', requestId: item.id }} />}
      </Stack>
    </Card>
  );
}

/** This request's reads by the firm, grouped as on /attorney/access-log. */
function RequestAccessHistory({ requestId }: { requestId: string }) {
  const log = useAccessLog({ requestId });
  if (log.isLoading)
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" aria-label="Loading access history" />
      </Group>
    );
  if (log.isError)
    return (
      <Text size="sm" c="red" role="alert">
        The access history could not be loaded.
      </Text>
    );
  if (!log.data?.length)
    return (
      <Text size="sm" c="dimmed">
        The firm has not opened your package yet.
      </Text>
    );
  return <AccessLogList entries={log.data} />;
}
