import { Stack } from '@mantine/core';
import { CURRENT_EMPLOYMENT_FIELDS, PRIOR_EMPLOYMENT_FIELDS } from '@shared/package-labels';
import { fieldsOf, ListField, listOf, RowFields } from '../../ListField';
import { emptyPriorEmployment } from '../form';
import { Section, useLpqForm } from './common';

const CURRENT_EMPLOYMENT_LIST = fieldsOf(CURRENT_EMPLOYMENT_FIELDS, {
  employerName: { width: 'half', required: true },
  currentPosition: { width: 'half', required: true },
  startDate: { kind: 'date', width: 'half', required: true },
  reasonForDeparture: { kind: 'textarea', required: true },
});
const PRIOR_EMPLOYMENT_LIST = listOf(
  PRIOR_EMPLOYMENT_FIELDS,
  {
    item: 'Prior Employer',
    empty: 'No prior employment added',
    add: 'Add Prior Employment',
    row: emptyPriorEmployment,
  },
  {
    employerName: { width: 'third', required: true },
    startDate: { kind: 'date', width: 'third', required: true },
    departureDate: { kind: 'date', width: 'third', required: true },
    reasonForDeparture: { kind: 'textarea', required: true },
  },
);

export function ExperienceStep() {
  const { control } = useLpqForm();
  return (
    <Stack gap="xl">
      <Section title="Current Employment">
        <RowFields control={control} prefix="currentEmployment" fields={CURRENT_EMPLOYMENT_LIST} />
      </Section>
      <Section title="Prior Employment">
        <ListField control={control} name="priorEmployment" list={PRIOR_EMPLOYMENT_LIST} />
      </Section>
    </Stack>
  );
}
