import { Alert, Center, Loader, Stack, Text } from '@mantine/core';
import { hasRole } from '@shared/team';
import { TEAM_TOASTS } from '@shared/team-texts';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { PageShell } from '../components/PageShell';
import { Section } from '../features/security/Section';
import { rolesOf } from '../features/team/access';
import { type Member, refreshTeam, useInvitations, useMembers } from '../features/team/api';
import { InvitationsList } from '../features/team/InvitationsList';
import { InviteForm } from '../features/team/InviteForm';
import { MembersTable, memberName } from '../features/team/MembersTable';
import { RolesDialog } from '../features/team/RolesDialog';
import { isLastAdmin } from '../features/team/roles';
import { errorMessage } from '../lib/api';
import { useAuth } from '../lib/auth';
import { api } from '../lib/client';
import { showToast } from '../lib/toast';

function Loading({ label }: { label: string }) {
  return (
    <Center py="lg">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}

/**
 * The firm's team (PRODUCT.md §9): members with their roles and second-factor status; admins change roles,
 * remove members (after confirming; never the last admin) and invite by e-mail. Recruiters read the list.
 */
export default function FirmTeam() {
  const { user } = useAuth();
  const isAdmin = hasRole(rolesOf(user), 'admin');
  const members = useMembers();
  const invitations = useInvitations(isAdmin);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const [removeProblem, setRemoveProblem] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (userId: string) => api('DELETE /api/firm/members/:userId', { params: { userId } }),
    onSuccess: () => {
      setRemoving(null);
      void refreshTeam('members');
      showToast(TEAM_TOASTS.memberRemoved, { variant: 'success' });
    },
    onError: (error) => {
      setRemoving(null);
      setRemoveProblem(errorMessage(error, TEAM_TOASTS.failed.message));
    },
  });
  const list = members.data ?? [];

  return (
    <PageShell
      title="Team"
      subtitle={
        isAdmin
          ? 'Who works in Lateral Passport for your firm, and what each of them can see.'
          : 'Who works in Lateral Passport for your firm. Only an admin can change the team.'
      }
      back={{ to: '/firm/dashboard', label: 'Back to Dashboard' }}
    >
      <Stack gap="lg">
        <Section id="members" title="Members">
          {removeProblem && (
            <Alert
              color="red"
              role="alert"
              title="The member was not removed"
              withCloseButton
              closeButtonLabel="Dismiss"
              onClose={() => setRemoveProblem(null)}
            >
              {removeProblem}
            </Alert>
          )}
          {members.isLoading ? (
            <Loading label="Loading members" />
          ) : members.isError ? (
            <Text c="red.8" role="alert">
              {errorMessage(members.error, 'The members could not be loaded. Please reload the page.')}
            </Text>
          ) : (
            <MembersTable
              members={list}
              me={user?.id}
              canManage={isAdmin}
              onEdit={setEditing}
              onRemove={(m) => {
                setRemoveProblem(null);
                setRemoving(m);
              }}
            />
          )}
        </Section>
        {isAdmin && (
          <>
            <Section
              id="invite"
              title="Invite a member"
              description="They receive an email with a link valid for 7 days to create their account, or to join with an existing firm account."
            >
              <InviteForm />
            </Section>
            <Section id="invitations" title="Open invitations">
              {invitations.isLoading ? (
                <Loading label="Loading invitations" />
              ) : invitations.isError ? (
                <Text c="red.8" role="alert">
                  The invitations could not be loaded. Please reload the page.
                </Text>
              ) : (
                <InvitationsList invitations={invitations.data ?? []} />
              )}
            </Section>
          </>
        )}
      </Stack>
      {editing && (
        <RolesDialog
          member={editing}
          lastAdmin={isLastAdmin(list, editing.userId)}
          isMe={editing.userId === user?.id}
          onClose={() => setEditing(null)}
        />
      )}
      <ConfirmDialog
        opened={removing !== null}
        title="Remove this member?"
        message={
          removing
            ? `${memberName(removing)} (${removing.email}) will be signed out at once and will no longer see your firm’s requests. Their notes keep their name.`
            : ''
        }
        confirmLabel="Remove member"
        color="red"
        loading={remove.isPending}
        onConfirm={() => removing && remove.mutate(removing.userId)}
        onClose={() => setRemoving(null)}
      />
    </PageShell>
  );
}
