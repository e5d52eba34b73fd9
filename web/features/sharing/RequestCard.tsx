import { Badge, Button, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { UI_TIMING } from '@shared/limits';
import type { AttorneyRequestItem } from '@shared/position-lpq';
import {
  ATTORNEY_CARD_STATUS_LABELS,
  PACKAGE_SHARED_STATUSES,
  REQUEST_STATUS_COLORS,
} from '@shared/requests';
import type { PackageParts } from '@shared/sharing';
import {
  IconBuilding,
  IconCalendar,
  IconCircleDashed,
  IconClipboardCheck,
  IconClock,
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
import { ConflictsAnswers } from './ConflictsAnswers';
import { ConflictsPrecheck } from './ConflictsPrecheck';
import { useAccessLog } from './queries';
import {
  ChangedSinceShare,
  FirmProfileButton,
  WhatTheFirmHas,
  WhatTheFirmReceives,
} from './RequestCardParts';

export const STATUS_COLORS = REQUEST_STATUS_COLORS;

const isShared = (item: AttorneyRequestItem) => PACKAGE_SHARED_STATUSES.includes(item.status);

function questionCount(item: AttorneyRequestItem) {
  return (item.firmSpecificQuestions?.sections ?? []).reduce((n, s) => n + s.questions.length, 0);
}

/** The card's element id: where the focus goes when an action took its button away (a share, a decline). */
export const requestCardId = (requestId: string) => `request-${requestId}`;

/** One request on /attorney/lpq-requests (spec 2.16). */
export function RequestCard(props: {
  item: AttorneyRequestItem;
  onShare: (item: AttorneyRequestItem) => void;
  onDecline: (item: AttorneyRequestItem) => void;
  onUpdate: (item: AttorneyRequestItem) => void;
  onRevoke: (item: AttorneyRequestItem) => void;
  /** What a share sends now by default (the summary's shareDefaults), for a pending request. */
  shareDefaults?: PackageParts;
  /** Issue 67 item 13: the request the invitation or reminder mail linked to, marked among the others. */
  linked?: boolean;
}) {
  const { item } = props;
  const lpqOpen =
    !!item.lpqId &&
    item.lpqStatus !== 'submitted' &&
    ['accepted', 'in_progress', 'reviewed'].includes(item.status);
  const [history, setHistory] = useState(false);
  const questions = questionCount(item);
  const isPending = item.status === 'pending';
  return (
    <Card
      withBorder
      padding="lg"
      component="article"
      id={requestCardId(item.id)}
      tabIndex={-1}
      // Mantine's focus ring, shown when the focus comes here from the keyboard (after a share or a decline).
      className="mantine-focus-auto"
      aria-label={`${item.firmName}: ${item.positionTitle}`}
      aria-current={props.linked ? 'true' : undefined}
      style={
        props.linked
          ? {
              borderColor: 'var(--mantine-color-navy-6)',
              boxShadow: '0 0 0 2px var(--mantine-color-navy-6)',
              // Brought into view below where the sign-in toast rests, not under it.
              scrollMarginTop: UI_TIMING.toastClearancePx,
            }
          : undefined
      }
    >
      <Stack gap="sm">
        {props.linked && (
          <Text size="xs" fw={700} c="navy.7" tt="uppercase">
            The request your e-mail is about
          </Text>
        )}
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
            {ATTORNEY_CARD_STATUS_LABELS[item.status]}
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

        {isPending ? (
          <WhatTheFirmReceives item={item} shareDefaults={props.shareDefaults} />
        ) : (
          <WhatTheFirmHas item={item} />
        )}

        {isShared(item) && <ChangedSinceShare item={item} onUpdate={() => props.onUpdate(item)} />}

        {(isShared(item) || isPending) && <ConflictsAnswers requestId={item.id} />}
        {isPending && <ConflictsPrecheck requestId={item.id} />}

        <Group gap="xs">
          <FirmProfileButton item={item} />
        </Group>

        {isPending ? (
          <>
            <Divider />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => props.onDecline(item)}>
                Decline
              </Button>
              <Button onClick={() => props.onShare(item)}>Share LPQ</Button>
            </Group>
          </>
        ) : (
          item.sharedAt && (
            <>
              <Divider />
              <Group justify="space-between" gap="sm">
                {/* The status is the badge's; here, where the attorney's own part stands. */}
                <PositionLpqState item={item} />
                <Group gap="xs" justify="flex-end">
                  <Button
                    variant="subtle"
                    size="sm"
                    onClick={() => setHistory((v) => !v)}
                    aria-expanded={history}
                    leftSection={<IconHistory size={16} aria-hidden />}
                  >
                    Access history
                  </Button>
                  {isShared(item) && (
                    <>
                      <Button variant="default" size="sm" onClick={() => props.onUpdate(item)}>
                        Send update
                      </Button>
                      <Button variant="subtle" color="red" size="sm" onClick={() => props.onRevoke(item)}>
                        Revoke access
                      </Button>
                    </>
                  )}
                  {item.lpqId && item.status !== 'revoked' && (
                    <Button
                      component={Link}
                      to={`/lpq/${item.lpqId}`}
                      variant={lpqOpen ? 'filled' : 'light'}
                      size="sm"
                    >
                      {lpqOpen ? 'Complete Position LPQ' : 'View Position LPQ'}
                    </Button>
                  )}
                </Group>
              </Group>
            </>
          )
        )}
        {history && <RequestAccessHistory requestId={item.id} />}
        {history && <AuditTrailActions target={{ side: 'attorney', requestId: item.id }} />}
      </Stack>
    </Card>
  );
}

/** The attorney's own part of a shared request: the position LPQ, submitted or still to do. */
function PositionLpqState({ item }: { item: AttorneyRequestItem }) {
  // Revoked: the badge and 'Access ended …' above say it all.
  if (item.status === 'revoked' || !item.lpqId) return <span />;
  const submitted = item.lpqStatus === 'submitted';
  return (
    <Group gap={6}>
      {submitted ? <IconClipboardCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
      <Text size="sm" fw={600}>
        {submitted
          ? `Position LPQ submitted ${formatDate(item.lpqSubmittedAt)}`
          : item.lpqStatus === 'in_progress'
            ? 'Position LPQ in progress'
            : 'Position LPQ not started'}
      </Text>
    </Group>
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
