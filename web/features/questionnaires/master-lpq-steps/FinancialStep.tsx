import { Fieldset, SimpleGrid, Stack, Table } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  EMPLOYEE_TYPE_LABELS,
  EMPLOYEE_TYPES,
  FINANCIAL_PERIOD_FIELDS,
  FINANCIAL_PERIODS,
} from '@shared/master-lpq';
import { FINANCIAL_FIELD_FORMAT, FORMAT } from '@shared/package-labels';
import { useWatch } from 'react-hook-form';
import { optionsOf, TextareaField } from '../fields';
import { MoneyField, NumberField } from '../number-fields';
import { SelectField } from '../select-field';
import { Section, useLpqForm } from './common';

type Period = (typeof FINANCIAL_PERIODS)[number];
type PeriodField = (typeof FINANCIAL_PERIOD_FIELDS)[number];

/** One period's value of one metric; its name says both ('Last Year Collections') whichever layout shows it. */
function PeriodInput({ period, field, label }: { period: Period; field: PeriodField; label?: string }) {
  const { control } = useLpqForm();
  const props = {
    control,
    name: `financialInfo.${period[0]}.${field[0]}` as const,
    label,
    'aria-label': `${period[1]} ${field[1]}`,
  };
  return FINANCIAL_FIELD_FORMAT[field[0]] === FORMAT.money ? (
    <MoneyField {...props} />
  ) : (
    <NumberField {...props} min={0} thousandSeparator />
  );
}

/**
 * The three periods' figures: a metric-by-period table from sm up; on a phone, where that table would
 * scroll two periods out of sight, one block per period with every metric labelled.
 */
function FinancialHistory() {
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  if (!wide)
    return (
      <Stack gap="md">
        {FINANCIAL_PERIODS.map((period) => (
          <Fieldset key={period[0]} legend={period[1]} p="sm" miw={0}>
            <SimpleGrid cols={2} spacing="sm">
              {FINANCIAL_PERIOD_FIELDS.map((field) => (
                <PeriodInput key={field[0]} period={period} field={field} label={field[1]} />
              ))}
            </SimpleGrid>
          </Fieldset>
        ))}
      </Stack>
    );
  return (
    <Table.ScrollContainer minWidth={640}>
      <Table withTableBorder withColumnBorders verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Metric</Table.Th>
            {FINANCIAL_PERIODS.map(([key, label]) => (
              <Table.Th key={key} scope="col">
                {label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {FINANCIAL_PERIOD_FIELDS.map((field) => (
            <Table.Tr key={field[0]}>
              <Table.Th scope="row" fw={500}>
                {field[1]}
              </Table.Th>
              {FINANCIAL_PERIODS.map((period) => (
                <Table.Td key={period[0]}>
                  <PeriodInput period={period} field={field} />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function FinancialStep() {
  const { control } = useLpqForm();
  const employeeType = useWatch({ control, name: 'financialInfo.employeeType' });
  return (
    <Stack gap="xl">
      <Section title="Compensation">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="financialInfo.employeeType"
            label="Employee Type"
            required
            data={optionsOf(EMPLOYEE_TYPES, EMPLOYEE_TYPE_LABELS)}
          />
          <MoneyField
            control={control}
            name="financialInfo.currentCompensation"
            label="Current Compensation"
          />
          <MoneyField
            control={control}
            name="financialInfo.expectedCompensation"
            label="Expected Compensation"
          />
          <MoneyField control={control} name="financialInfo.billingRate" label="Billing Rate" />
          <NumberField
            control={control}
            name="financialInfo.annualBillableHours"
            label="Annual Billable Hours"
            min={0}
            thousandSeparator
          />
        </SimpleGrid>
        {employeeType === 'other' && (
          <TextareaField
            control={control}
            name="financialInfo.employeeTypeExplanation"
            label="Employee Type Explanation"
            minRows={2}
          />
        )}
        <TextareaField
          control={control}
          name="financialInfo.compensationExpectations"
          label="Compensation Expectations"
          required
        />
      </Section>
      <Section title="Financial History">
        <FinancialHistory />
        <TextareaField
          control={control}
          name="financialInfo.businessDevelopment"
          label="Business Development"
        />
        <TextareaField
          control={control}
          name="financialInfo.collectionsHistory"
          label="Collections History"
        />
      </Section>
    </Stack>
  );
}
