import { Stack, Title } from '@mantine/core';
import type { MasterLpqInput } from '@shared/master-lpq';
import { createContext, type ReactNode, useContext } from 'react';
import { useFormContext } from 'react-hook-form';

export const useLpqForm = () => useFormContext<MasterLpqInput>();

/** Moves the form to a field (its step, the cursor in it): what a flag's link does (MasterLpq.tsx). */
export const JumpToFieldContext = createContext<(field: string) => void>(() => {});
export const useJumpToField = () => useContext(JumpToFieldContext);

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
