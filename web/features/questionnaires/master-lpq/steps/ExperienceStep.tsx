import { SimpleGrid, Stack } from '@mantine/core';
import { useFieldArray } from 'react-hook-form';
import { DateField, TextareaField, TextField } from '../../fields';
import { RepeatableList } from '../../RepeatableList';
import { emptyPriorEmployment } from '../form';
import { Section, useLpqForm } from './common';

export function ExperienceStep() {
  const { control } = useLpqForm();
  const prior = useFieldArray({ control, name: 'priorEmployment' });
  return (
    <Stack gap="xl">
      <Section title="Current Employment">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextField
            control={control}
            name="currentEmployment.employerName"
            label="Current Employer"
            required
          />
          <TextField
            control={control}
            name="currentEmployment.currentPosition"
            label="Current Position"
            required
          />
          <DateField control={control} name="currentEmployment.startDate" label="Start Date" required />
        </SimpleGrid>
        <TextareaField
          control={control}
          name="currentEmployment.reasonForDeparture"
          label="Reason for Departure"
          required
        />
      </Section>
      <Section title="Prior Employment">
        <RepeatableList
          items={prior.fields}
          itemLabel="Prior Employer"
          emptyText="No prior employment added"
          addLabel="Add Prior Employment"
          onAdd={() => prior.append(emptyPriorEmployment())}
          onRemove={prior.remove}
          renderItem={(i) => (
            <>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextField
                  control={control}
                  name={`priorEmployment.${i}.employerName`}
                  label="Employer Name"
                  required
                />
                <DateField
                  control={control}
                  name={`priorEmployment.${i}.startDate`}
                  label="Start Date"
                  required
                />
                <DateField
                  control={control}
                  name={`priorEmployment.${i}.departureDate`}
                  label="Departure Date"
                  required
                />
              </SimpleGrid>
              <TextareaField
                control={control}
                name={`priorEmployment.${i}.reasonForDeparture`}
                label="Reason for Departure"
                required
                minRows={2}
              />
            </>
          )}
        />
      </Section>
    </Stack>
  );
}
