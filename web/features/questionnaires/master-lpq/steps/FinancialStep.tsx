import { Badge, Fieldset, Group, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { formatFraction } from '@shared/format';
import {
  EMPLOYEE_TYPE_LABELS,
  EMPLOYEE_TYPES,
  FINANCIAL_FIELD_UNITS,
  FINANCIAL_PERIOD_FIELDS,
  type FINANCIAL_PERIODS,
  LEDGER_LIMITS,
  REALIZATION_BASES,
  REALIZATION_BASIS_DEFINITIONS,
  REALIZATION_BASIS_LABELS,
  TEAM_LIKELIHOOD_LABELS,
  TEAM_LIKELIHOODS,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  YTD_FIELDS,
} from '@shared/master-lpq';
import {
  COMPENSATION_ASK_FIELDS,
  COMPENSATION_FIELDS,
  COMPENSATION_YEAR_FIELDS,
  FINANCIAL_FIELD_FORMAT,
  FINANCIAL_NOTE_FIELDS,
  FORMAT,
  TEAM_FIELDS,
} from '@shared/package-labels';
import { useWatch } from 'react-hook-form';
import { FirmsWillAsk } from '../../FirmsWillAsk';
import { DateField, optionsOf } from '../../fields';
import { fieldsOf, ListField, listOf, RowFields } from '../../ListField';
import { MoneyField, NumberField } from '../../number-fields';
import { SelectField } from '../../select-field';
import { emptyTeamMember } from '../form';
import { Section, useJumpToField, useLpqForm } from './common';
import { Computed, useLiveChecks } from './ledger';

type Period = (typeof FINANCIAL_PERIODS)[number];
type PeriodField = (typeof FINANCIAL_PERIOD_FIELDS)[number];
/** PRODUCT.md §12: the periods as a finance person reads them, oldest first, then the year to date. */
const COLUMNS = [
  ['yearBefore', 'Year Before'],
  ['lastYear', 'Last Year'],
  ['currentYear', 'Current Year'],
  ['ytd', 'Year to Date'],
] as const;
type Column = (typeof COLUMNS)[number];
const YTD_KEYS = new Set<string>(YTD_FIELDS.map(([f]) => f));
const hasCell = (column: Column, field: PeriodField) => column[0] !== 'ytd' || YTD_KEYS.has(field[0]);

/** One period's value of one metric; its name says both ('Last Year Collections') whichever layout shows it. */
function PeriodInput({
  period,
  field,
  label,
}: {
  period: Column | Period;
  field: PeriodField;
  label?: string;
}) {
  const { control } = useLpqForm();
  const props = {
    control,
    name: `financialInfo.${period[0]}.${field[0]}` as `financialInfo.lastYear.rate`,
    label,
    'aria-label': `${period[1]} ${field[1]}`,
  };
  return FINANCIAL_FIELD_FORMAT[field[0]] === FORMAT.money ? (
    <MoneyField {...props} />
  ) : (
    <NumberField
      {...props}
      min={0}
      thousandSeparator
      suffix={FINANCIAL_FIELD_UNITS[field[0]] ? ` ${FINANCIAL_FIELD_UNITS[field[0]]}` : undefined}
      placeholder={FINANCIAL_FIELD_UNITS[field[0]]}
    />
  );
}

const pct = (v: number | null | undefined) => formatFraction(v, '—');

/**
 * The periods' figures, Year Before → Year to Date as columns from sm up, with the computed realization on
 * each basis under them; on a phone one block per period with every metric labelled.
 */
function FinancialHistory() {
  const { control } = useLpqForm();
  const { figures } = useLiveChecks();
  const wide = useMediaQuery('(min-width: 48em)', true, { getInitialValueInEffect: false });
  const realizationOf = (column: Column) => figures.realizationByPeriod[column[0]];
  const through = (
    <DateField control={control} name="financialInfo.ytd.through" label="Year to Date Through" />
  );
  if (!wide)
    return (
      <Stack gap="md">
        {COLUMNS.map((period) => (
          <Fieldset key={period[0]} legend={period[1]} p="sm" miw={0}>
            <Stack gap="sm">
              {period[0] === 'ytd' && through}
              <SimpleGrid cols={2} spacing="sm">
                {FINANCIAL_PERIOD_FIELDS.filter((f) => hasCell(period, f)).map((field) => (
                  <PeriodInput key={field[0]} period={period} field={field} label={field[1]} />
                ))}
              </SimpleGrid>
              <Text size="xs" fw={600}>
                Realization (computed)
              </Text>
              {REALIZATION_BASES.map((basis) => (
                <Group key={basis} justify="space-between" gap="xs" wrap="nowrap">
                  <Text size="xs">{REALIZATION_BASIS_LABELS[basis]}</Text>
                  <Text size="sm" fw={600}>
                    {pct(realizationOf(period)[basis])}
                  </Text>
                </Group>
              ))}
            </Stack>
          </Fieldset>
        ))}
      </Stack>
    );
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }}>{through}</SimpleGrid>
      <Table.ScrollContainer minWidth={720}>
        <Table withTableBorder withColumnBorders verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Metric</Table.Th>
              {COLUMNS.map(([key, label]) => (
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
                {COLUMNS.map((period) => (
                  <Table.Td key={period[0]}>
                    {hasCell(period, field) ? <PeriodInput period={period} field={field} /> : null}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
            {REALIZATION_BASES.map((basis) => (
              <Table.Tr key={basis} bg="var(--mantine-color-gray-light)">
                <Table.Th scope="row" fw={500}>
                  Realization: {REALIZATION_BASIS_LABELS[basis].toLowerCase()}{' '}
                  <Badge size="xs" variant="light" color="gray">
                    Computed
                  </Badge>
                </Table.Th>
                {COLUMNS.map((period) => (
                  <Table.Td key={period[0]} data-testid={`realization-${basis}-${period[0]}`}>
                    {pct(realizationOf(period)[basis])}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap={2}>
        {REALIZATION_BASES.map((basis) => (
          <Text key={basis} size="xs" c="dimmed">
            <b>{REALIZATION_BASIS_LABELS[basis]}:</b> {REALIZATION_BASIS_DEFINITIONS[basis]}
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          <b>Worked value:</b> the value of your recorded time at standard rates; when blank, rate × billable
          hours.
        </Text>
      </Stack>
    </Stack>
  );
}

/** Total, fixed and variable compensation × the three years. */
function CompensationHistory() {
  const { control } = useLpqForm();
  const years = COLUMNS.filter((c): c is Exclude<Column, readonly ['ytd', string]> => c[0] !== 'ytd');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {years.map(([period, label]) => (
        <Fieldset key={period} legend={label} p="sm" miw={0}>
          <Stack gap="xs">
            {COMPENSATION_YEAR_FIELDS.map(([field, fieldLabel]) => (
              <MoneyField
                key={field}
                control={control}
                name={`financialInfo.compensationHistory.${period}.${field}`}
                label={fieldLabel}
                aria-label={`${label} ${fieldLabel}`}
              />
            ))}
          </Stack>
        </Fieldset>
      ))}
    </SimpleGrid>
  );
}

const TEAM_LIST = listOf(
  TEAM_FIELDS,
  { item: 'Team Member', empty: 'No one listed', row: emptyTeamMember, max: LEDGER_LIMITS.teamMax },
  {
    role: { kind: SelectField, width: 'compact', props: { data: optionsOf(TEAM_ROLES, TEAM_ROLE_LABELS) } },
    classYear: { kind: NumberField, width: 'compact', props: { min: 0, allowDecimal: false } },
    billableHours: { kind: NumberField, width: 'compact', props: { min: 0, thousandSeparator: true } },
    rate: { kind: MoneyField, width: 'compact' },
    likelihood: {
      kind: SelectField,
      width: 'compact',
      props: { data: optionsOf(TEAM_LIKELIHOODS, TEAM_LIKELIHOOD_LABELS) },
    },
  },
);

function AskAndTrend() {
  const { figures } = useLiveChecks();
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Computed
        label="Comp:Book (claimed)"
        value={figures.compToBookClaimed === null ? '—' : `${figures.compToBookClaimed.toFixed(2)} : 1`}
        definition="Your year-one ask over the claimed book (the sum of your clients' reasonable projections)."
        testId="computed-comp-to-book"
      />
      <Computed
        label="Collections trend"
        value={figures.collectionsCagr === null ? '—' : `${formatFraction(figures.collectionsCagr)} a year`}
        definition="Compound growth of collections from the year before to the current year."
        testId="computed-trend"
      />
      <Computed
        label={`Last year's realization, ${REALIZATION_BASIS_LABELS[figures.realization.basis].toLowerCase()}`}
        value={pct(figures.realization.value)}
        definition="On the basis you state below (collected over billed when none is stated)."
        testId="computed-realization"
      />
    </SimpleGrid>
  );
}

const COMPENSATION = fieldsOf(COMPENSATION_FIELDS, {
  employeeType: {
    kind: SelectField,
    width: 'half',
    required: true,
    props: { data: optionsOf(EMPLOYEE_TYPES, EMPLOYEE_TYPE_LABELS) },
  },
  currentCompensation: { kind: MoneyField, width: 'half' },
  expectedCompensation: { kind: MoneyField, width: 'half' },
  billingRate: { kind: MoneyField, width: 'half' },
  annualBillableHours: { kind: NumberField, width: 'half', props: { min: 0, thousandSeparator: true } },
});
const TYPE_EXPLANATION = fieldsOf(COMPENSATION_FIELDS, {
  employeeTypeExplanation: { kind: 'textarea', minRows: 2 },
});
const EXPECTATIONS = fieldsOf(COMPENSATION_FIELDS, {
  compensationExpectations: { kind: 'textarea', required: true },
});
const ASK = fieldsOf(COMPENSATION_ASK_FIELDS, {
  yearOneTotal: { kind: MoneyField, width: 'half' },
  guaranteeMonths: { kind: NumberField, width: 'half', props: { min: 0, max: 36, allowDecimal: false } },
  notes: { kind: 'textarea', minRows: 2 },
});
const NOTES = fieldsOf(FINANCIAL_NOTE_FIELDS, {
  businessDevelopment: { kind: 'textarea' },
  collectionsHistory: { kind: 'textarea' },
});

function FinancialFlags() {
  const { flags } = useLiveChecks();
  const jump = useJumpToField();
  return <FirmsWillAsk flags={flags} onJump={jump} />;
}

export function FinancialStep() {
  const { control } = useLpqForm();
  const employeeType = useWatch({ control, name: 'financialInfo.employeeType' });
  return (
    <Stack gap="xl">
      <FinancialFlags />
      <Section title="Compensation">
        <RowFields control={control} prefix="financialInfo" fields={COMPENSATION} />
        {employeeType === 'other' && (
          <RowFields control={control} prefix="financialInfo" fields={TYPE_EXPLANATION} />
        )}
        <RowFields control={control} prefix="financialInfo" fields={EXPECTATIONS} />
      </Section>
      <Section title="Compensation History">
        <CompensationHistory />
      </Section>
      <Section title="Compensation Ask">
        <RowFields control={control} prefix="financialInfo.compensationAsk" fields={ASK} />
        <AskAndTrend />
      </Section>
      <Section title="Financial History">
        <FinancialHistory />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <SelectField
            control={control}
            name="financialInfo.realizationBasis"
            label="How your current firm defines realization"
            data={optionsOf(REALIZATION_BASES, REALIZATION_BASIS_LABELS)}
            clearable
          />
          <NumberField
            control={control}
            name="financialInfo.reportedRealization"
            label="Realization your firm reports"
            description="As a percentage, e.g. 95%"
            min={0}
            max={200}
            suffix="%"
          />
        </SimpleGrid>
        <RowFields control={control} prefix="financialInfo" fields={NOTES} />
      </Section>
      <Section title="Team Who Would Follow">
        <ListField control={control} name="financialInfo.team" list={TEAM_LIST} />
      </Section>
    </Stack>
  );
}
