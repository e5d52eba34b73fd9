import { Checkbox, SimpleGrid } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';

export type PracticeAreasForm = { practiceAreas?: string[] };

/** A checklist of practice areas (10 on registration, 14 on the profile: spec §3). */
export function PracticeAreaChecklist({
  control,
  areas,
  label,
}: {
  control: Control<PracticeAreasForm>;
  areas: readonly string[];
  label: string;
}) {
  return (
    <Controller
      control={control}
      name="practiceAreas"
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label={label}
          value={field.value ?? []}
          onChange={field.onChange}
          error={fieldState.error?.message}
        >
          <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" verticalSpacing="xs" mt="xs">
            {areas.map((area) => (
              <Checkbox key={area} value={area} label={area} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
      )}
    />
  );
}
