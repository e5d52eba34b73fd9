import { Checkbox, Stack, Text } from '@mantine/core';
import { FIRM_ROLE_DESCRIPTIONS, FIRM_ROLE_LABELS, FIRM_ROLES, type FirmRole } from '@shared/team';
import { roleChoices } from './roles';

/**
 * The roles of a member or an invitation, one box each with what the role reaches (PRODUCT.md §9). A box
 * the rules close (a diversity officer cannot review; the last admin stays an admin) is disabled with
 * the reason under it.
 */
export function RoleCheckboxes({
  value,
  onChange,
  lastAdmin,
  error,
  disabled,
}: {
  value: FirmRole[];
  onChange: (roles: FirmRole[]) => void;
  lastAdmin?: boolean;
  error?: string;
  disabled?: boolean;
}) {
  const choices = roleChoices(value, { lastAdmin });
  return (
    <Checkbox.Group
      label="Roles"
      description="A member holds one or more roles."
      value={value}
      onChange={(next) => onChange(FIRM_ROLES.filter((role) => next.includes(role)))}
      error={error}
    >
      <Stack gap="sm" mt="xs">
        {choices.map((choice) => (
          <Checkbox
            key={choice.role}
            value={choice.role}
            disabled={disabled || choice.disabled}
            label={FIRM_ROLE_LABELS[choice.role]}
            description={
              <>
                <Text span size="xs" c="gray.7">
                  {FIRM_ROLE_DESCRIPTIONS[choice.role]}
                </Text>
                {choice.reason && (
                  <Text span size="xs" c="red.9" fw={500} display="block" mt={2}>
                    {choice.reason}
                  </Text>
                )}
              </>
            }
          />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}
