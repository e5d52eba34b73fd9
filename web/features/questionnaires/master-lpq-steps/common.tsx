import { Stack, Title } from '@mantine/core';
import type { MasterLpqInput } from '@shared/master-lpq';
import type { ReactNode } from 'react';
import { useFormContext } from 'react-hook-form';

export const useLpqForm = () => useFormContext<MasterLpqInput>();

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
