import { Badge, Group } from '@mantine/core';
import { FIRM_ROLE_LABELS, type FirmRole } from '@shared/team';

const ROLE_COLORS: Record<FirmRole, string> = {
  admin: 'navy',
  recruiter: 'teal',
  reviewer: 'violet',
  conflicts: 'orange',
  diversity: 'grape',
};

export function RoleBadges({ roles }: { roles: readonly FirmRole[] }) {
  return (
    <Group gap={4}>
      {roles.map((role) => (
        <Badge key={role} variant="light" color={ROLE_COLORS[role]} tt="none" size="sm">
          {FIRM_ROLE_LABELS[role]}
        </Badge>
      ))}
    </Group>
  );
}
