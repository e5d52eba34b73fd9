import { Badge, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconUserCog, IconUserMinus } from '@tabler/icons-react';
import { formatWhen } from '../security/Section';
import type { Member } from './api';
import { RoleBadges } from './RoleBadges';
import { removalBlocked } from './roles';

function SecondFactor({ on }: { on: boolean }) {
  return (
    <Badge variant="light" color={on ? 'green' : 'gray'} tt="none" size="sm">
      {on ? 'On' : 'Off'}
    </Badge>
  );
}

export const memberName = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.email;

type Props = {
  members: Member[];
  me: string | undefined;
  /** Admins change roles and remove members; recruiters read the list. */
  canManage: boolean;
  onEdit: (member: Member) => void;
  onRemove: (member: Member) => void;
};

/** A member's actions; a removal the rules refuse is disabled with the reason beside it. */
function Actions({
  member,
  members,
  me,
  onEdit,
  onRemove,
  place,
}: Omit<Props, 'canManage'> & { member: Member; place: 'row' | 'card' }) {
  const blocked = removalBlocked(members, member.userId, me);
  const reasonId = `remove-reason-${place}-${member.userId}`;
  return (
    <Stack gap={4} align="flex-start">
      <Group gap="xs" wrap="nowrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUserCog size={14} aria-hidden />}
          onClick={() => onEdit(member)}
          aria-label={`Change roles of ${memberName(member)}`}
        >
          Change roles
        </Button>
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconUserMinus size={14} aria-hidden />}
          disabled={!!blocked}
          aria-describedby={blocked ? reasonId : undefined}
          onClick={() => onRemove(member)}
          aria-label={`Remove ${memberName(member)}`}
        >
          Remove
        </Button>
      </Group>
      {blocked && (
        <Text id={reasonId} size="xs" c="gray.7" maw={260}>
          {blocked}
        </Text>
      )}
    </Stack>
  );
}

function NameCell({ member, me }: { member: Member; me: string | undefined }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text fw={500} size="sm" style={{ wordBreak: 'break-word' }}>
        {memberName(member)}
      </Text>
      {member.userId === me && (
        <Badge size="xs" variant="outline" color="gray.7" tt="none" style={{ flexShrink: 0 }}>
          You
        </Badge>
      )}
    </Group>
  );
}

/** The firm's members: a table on wide screens, one card per member on phones. */
export function MembersTable(props: Props) {
  const { members, me, canManage } = props;
  return (
    <>
      <Table.ScrollContainer minWidth={860} visibleFrom="md">
        <Table verticalSpacing="sm" data-testid="members-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Member</Table.Th>
              <Table.Th>Roles</Table.Th>
              <Table.Th>Second factor</Table.Th>
              <Table.Th>Last active</Table.Th>
              {canManage && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {members.map((m) => (
              <Table.Tr key={m.userId} data-testid="member-row">
                <Table.Td>
                  <NameCell member={m} me={me} />
                  <Text size="xs" c="gray.7" style={{ overflowWrap: 'break-word' }}>
                    {m.email}
                  </Text>
                </Table.Td>
                <Table.Td maw={260}>
                  <RoleBadges roles={m.roles} />
                </Table.Td>
                <Table.Td>
                  <SecondFactor on={m.twoFactorEnabled} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    {formatWhen(m.lastActiveAt)}
                  </Text>
                </Table.Td>
                {canManage && (
                  <Table.Td>
                    <Actions {...props} member={m} place="row" />
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="sm" hiddenFrom="md">
        {members.map((m) => (
          <Paper key={m.userId} withBorder p="sm" data-testid="member-card">
            <Stack gap={6}>
              <NameCell member={m} me={me} />
              <Text size="sm" c="gray.7" style={{ overflowWrap: 'break-word' }}>
                {m.email}
              </Text>
              <RoleBadges roles={m.roles} />
              <Group gap="xs">
                <Text size="xs" c="gray.7">
                  Second factor
                </Text>
                <SecondFactor on={m.twoFactorEnabled} />
              </Group>
              <Text size="xs" c="gray.7">
                Last active {formatWhen(m.lastActiveAt)}
              </Text>
              {canManage && <Actions {...props} member={m} place="card" />}
            </Stack>
          </Paper>
        ))}
      </Stack>
    </>
  );
}
