import { Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatFraction } from '@shared/format';
import {
  CREDIT_TYPE_DEFINITIONS,
  CREDIT_TYPE_LABELS,
  CREDIT_TYPES,
  FEE_ARRANGEMENT_LABELS,
  FEE_ARRANGEMENTS,
  LEDGER_LIMITS,
  PORTABILITY_EVIDENCE,
  PORTABILITY_EVIDENCE_LABELS,
} from '@shared/master-lpq';
import {
  CLIENT_AMOUNT_FIELDS,
  CLIENT_RELATIONSHIP_FIELDS,
  POTENTIAL_BUSINESS_FIELDS,
  RECEIVABLE_FIELDS,
  TOP_CLIENT_LABELS,
} from '@shared/package-labels';
import { useWatch } from 'react-hook-form';
import { FirmsWillAsk } from '../../FirmsWillAsk';
import { optionsOf, TextField } from '../../fields';
import { fieldsOf, ListField, listOf, RowFields } from '../../ListField';
import { MoneyField, PercentField } from '../../number-fields';
import { SelectField } from '../../select-field';
import { emptyPotentialBusiness, emptyTopClient } from '../form';
import { Section, useJumpToField, useLpqForm } from './common';
import { CheckboxListField, Computed, useLiveChecks } from './ledger';

/** A client's credit, fee arrangement, receivables by age, evidence and its computed share (PRODUCT.md §12). */
function ClientLedger({ i }: { i: number }) {
  const { control } = useLpqForm();
  const { figures } = useLiveChecks();
  const creditType = useWatch({ control, name: `clientsInfo.topClients.${i}.creditType` });
  const share = figures.clientShares[i];
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
        <SelectField
          control={control}
          name={`clientsInfo.topClients.${i}.creditType`}
          label="Credit"
          description={
            creditType ? CREDIT_TYPE_DEFINITIONS[creditType] : 'Origination, responsible, working or shared'
          }
          data={optionsOf(CREDIT_TYPES, CREDIT_TYPE_LABELS)}
          clearable
        />
        <PercentField
          control={control}
          name={`clientsInfo.topClients.${i}.creditShare`}
          label="Credit Share"
        />
        <SelectField
          control={control}
          name={`clientsInfo.topClients.${i}.feeArrangement`}
          label="Fee Arrangement"
          data={optionsOf(FEE_ARRANGEMENTS, FEE_ARRANGEMENT_LABELS)}
          clearable
        />
        <TextField
          control={control}
          name={`clientsInfo.topClients.${i}.practiceArea`}
          label="Practice Area"
        />
        <MoneyField control={control} name={`clientsInfo.topClients.${i}.wip`} label="Work in Progress" />
        <Computed
          label="Share of last year's collections"
          value={formatFraction(share, '—')}
          definition="This client's last-year collections over your total collections last year."
          testId={`client-share-${i}`}
        />
      </SimpleGrid>
      <Fieldset legend="Receivables by age" p="sm" miw={0}>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          {RECEIVABLE_FIELDS.map(([field, label]) => (
            <MoneyField
              key={field}
              control={control}
              name={`clientsInfo.topClients.${i}.receivables.${field}`}
              label={label.replace('A/R ', '')}
              aria-label={`Client ${i + 1} ${label}`}
            />
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={4}>
          A/R over 90 days: invoices unpaid for more than 90 days, which firms read as collection risk.
        </Text>
      </Fieldset>
      <CheckboxListField
        name={`clientsInfo.topClients.${i}.portabilityEvidence`}
        label="Evidence the client would follow"
        options={PORTABILITY_EVIDENCE.map((v) => ({ value: v, label: PORTABILITY_EVIDENCE_LABELS[v] }))}
      />
    </Stack>
  );
}

function ClientFlags() {
  const { flags } = useLiveChecks();
  const jump = useJumpToField();
  return <FirmsWillAsk flags={flags.filter((f) => f.field.startsWith('clientsInfo'))} onJump={jump} />;
}

const POTENTIAL_BUSINESS_LIST = listOf(
  POTENTIAL_BUSINESS_FIELDS,
  {
    item: 'Potential Business',
    empty: 'None listed',
    row: emptyPotentialBusiness,
    max: LEDGER_LIMITS.potentialBusinessMax,
  },
  {
    description: { kind: 'textarea', width: 'half', label: 'Description' },
    projected: { kind: MoneyField, width: 'half' },
  },
);

const CLIENT_RELATIONSHIP_LIST = fieldsOf(CLIENT_RELATIONSHIP_FIELDS, {
  isKeyRelationshipManager: { kind: 'textarea', required: true },
  shareOriginationCredit: { kind: 'textarea', required: true },
  portedClientsHistory: { kind: 'textarea', required: true },
  portabilityDependencies: { kind: 'textarea', required: true },
  specialFeeArrangements: { kind: 'textarea', required: true },
  clientPortability: { kind: 'textarea' },
  clientConcentration: { kind: 'textarea' },
  averageEngagementValue: { kind: MoneyField },
  clientRelationships: { kind: 'textarea' },
});

const TOP_CLIENT_LIST = listOf(
  Object.entries(TOP_CLIENT_LABELS),
  { item: 'Client', empty: 'No clients added', row: emptyTopClient },
  {
    clientName: { required: true },
    isOriginator: { kind: 'checkbox', label: 'I am the originator of this client' },
    ...Object.fromEntries(
      CLIENT_AMOUNT_FIELDS.map(([field, label]) => [
        field,
        { kind: MoneyField, width: 'compact' as const, label },
      ]),
    ),
    portabilityLikelihood: { kind: PercentField, width: 'compact' },
  },
);

export function ClientsStep() {
  const { control } = useLpqForm();
  return (
    <Stack gap="xl">
      <ClientFlags />
      <Section title="Top Clients">
        <ListField
          control={control}
          name="clientsInfo.topClients"
          after={(i) => <ClientLedger i={i} />}
          list={TOP_CLIENT_LIST}
        />
      </Section>
      <Section title="Potential Business">
        <Text size="sm" c="dimmed">
          New work you expect to win: never counted as portable.
        </Text>
        <ListField control={control} name="clientsInfo.potentialBusiness" list={POTENTIAL_BUSINESS_LIST} />
      </Section>
      <Section title="Client Relationships">
        <RowFields control={control} prefix="clientsInfo" fields={CLIENT_RELATIONSHIP_LIST} />
      </Section>
    </Stack>
  );
}
