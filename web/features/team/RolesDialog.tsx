import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type FirmRole, TEAM_MESSAGES } from '@shared/team';
import { TEAM_TOASTS } from '@shared/team-texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage, fieldErrors } from '../../lib/api';
import { api } from '../../lib/client';
import { useFocusBack } from '../../lib/return-focus';
import { showToast } from '../../lib/toast';
import { type Member, refreshCurrentUser, refreshTeam } from './api';
import { RoleCheckboxes } from './RoleCheckboxes';

const nameOf = (m: Member) => `${m.firstName} ${m.lastName}`.trim() || m.email;

/**
 * Change a member's roles. The server may first ask the admin to confirm it is them (lib/reauth): the
 * save then goes through by itself. A refusal (the last admin, a diversity officer who would review)
 * stays in the dialog with the roles as chosen.
 */
export function RolesDialog({
  member,
  lastAdmin,
  isMe,
  onClose,
}: {
  member: Member;
  lastAdmin: boolean;
  isMe: boolean;
  onClose: () => void;
}) {
  useFocusBack();
  const [roles, setRoles] = useState<FirmRole[]>(member.roles);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useMutation({
    mutationFn: () =>
      api('PUT /api/firm/members/:userId', { params: { userId: member.userId }, body: { roles } }),
    onSuccess: () => {
      void refreshTeam('members');
      if (isMe) void refreshCurrentUser();
      showToast(TEAM_TOASTS.rolesChanged, { variant: 'success' });
      onClose();
    },
    onError: (error) =>
      setProblem(fieldErrors(error).roles ?? errorMessage(error, TEAM_TOASTS.failed.message)),
  });
  const unchanged = roles.length === member.roles.length && roles.every((r) => member.roles.includes(r));
  return (
    <Modal opened onClose={onClose} title={`Roles of ${nameOf(member)}`}>
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          save.mutate();
        }}
      >
        <Stack gap="md">
          <Text size="sm" c="gray.7">
            {member.email}. They are emailed their new roles; what they can see changes at once.
          </Text>
          <RoleCheckboxes
            value={roles}
            onChange={(next) => {
              setRoles(next);
              setProblem(null);
            }}
            lastAdmin={lastAdmin}
            error={roles.length === 0 ? TEAM_MESSAGES.rolesRequired : undefined}
            disabled={save.isPending}
          />
          {problem && (
            <Alert color="red" role="alert" title="The roles were not changed">
              {problem}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} disabled={unchanged || roles.length === 0}>
              Save roles
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
