import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { ONBOARDING_EMPLOYMENT_TYPE_LABELS, type OnboardingValues, POSITION_LABELS } from '@shared/attorney';
import type { User } from '@shared/auth';
import { type MissingItem, WhatIsMissing } from '../../questionnaires/WhatIsMissing';
import { ONBOARDING_STEPS } from './steps';

function ReviewRow({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" align="flex-start" wrap="nowrap">
      <Text size="sm" c="dimmed" miw={{ base: 120, sm: 180 }} maw={{ base: 120, sm: 180 }}>
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

/** Step 5: what the first four steps hold, each with a way back to edit it. */
export function ReviewStep({
  user,
  values,
  resumeUploaded,
  onEdit,
  missing,
  onJump,
}: {
  user: User | null;
  values: OnboardingValues;
  resumeUploaded: boolean;
  onEdit: (index: number) => void;
  missing: MissingItem[];
  onJump: (item: MissingItem) => void;
}) {
  return (
    <Stack gap="lg">
      <WhatIsMissing
        items={missing}
        onJump={onJump}
        description={`${missing.length === 1 ? 'One answer is' : `${missing.length} answers are`} still missing. Select one to go to it; you can also add them later.`}
      />
      {(
        [
          [
            0,
            [
              ['Name', `${user?.firstName ?? ''} ${user?.lastName ?? ''}`],
              ['Email', user?.email ?? ''],
              ['Phone', values.phone ?? ''],
            ],
          ],
          [
            1,
            [
              ['Current Firm', values.currentFirm ?? ''],
              ['Position', values.position ? POSITION_LABELS[values.position] : ''],
              ['Years of Experience', values.yearsExperience?.toString() ?? ''],
              ['Law School', values.lawSchool ?? ''],
              ['Graduation Year', values.graduationYear?.toString() ?? ''],
              ['Bar Admissions', values.barAdmissions ?? ''],
              ['Practice Areas', (values.practiceAreas ?? []).join(', ')],
            ],
          ],
          [
            2,
            [
              ['Personal Summary', values.personalSummary ?? ''],
              [
                'Employment Type',
                values.employmentType ? ONBOARDING_EMPLOYMENT_TYPE_LABELS[values.employmentType] : '',
              ],
              ['Compensation Expectations', values.compensationExpectations ?? ''],
              ['Client Information', values.clientPortability ?? ''],
              ['Support Requirements', values.supportNeeded ?? ''],
            ],
          ],
          [
            3,
            [
              ['Resume', resumeUploaded ? 'Uploaded' : 'Not uploaded yet'],
              ['References', values.references ?? ''],
            ],
          ],
        ] as const
      ).map(([index, rows]) => (
        <Paper key={index} withBorder p="md" radius="md">
          <Group justify="space-between" mb="xs">
            <Text fw={600}>{ONBOARDING_STEPS[index]}</Text>
            <Button
              variant="subtle"
              size="compact-sm"
              onClick={() => onEdit(index)}
              aria-label={`Edit ${ONBOARDING_STEPS[index]}`}
            >
              Edit
            </Button>
          </Group>
          <Stack gap={4}>
            {rows.map(([label, value]) => (
              <ReviewRow key={label} label={label} value={value} />
            ))}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
