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
import { CLIENT_AMOUNT_FIELDS, RECEIVABLE_FIELDS } from '@shared/package-labels';
import { useFieldArray, useWatch } from 'react-hook-form';
import { FirmsWillAsk } from '../../FirmsWillAsk';
import { CheckboxField, optionsOf, TextareaField, TextField } from '../../fields';
import { MoneyField, PercentField } from '../../number-fields';
import { RepeatableList } from '../../RepeatableList';
import { SelectField } from '../../select-field';
import { emptyPotentialBusiness, emptyTopClient } from '../form';
import { Section, useJumpToField, useLpqForm } from './common';
import { CheckboxListField, Computed, useLiveChecks } from './ledger';

const CLIENT_AMOUNTS = CLIENT_AMOUNT_FIELDS;

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

function PotentialBusiness() {
  const { control } = useLpqForm();
  const items = useFieldArray({ control, name: 'clientsInfo.potentialBusiness' });
  return (
    <RepeatableList
      items={items.fields}
      itemLabel="Potential Business"
      emptyText="None listed"
      addLabel="Add Potential Business"
      onAdd={() => {
        if (items.fields.length < LEDGER_LIMITS.potentialBusinessMax) items.append(emptyPotentialBusiness());
      }}
      onRemove={items.remove}
      renderItem={(i) => (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextareaField
            control={control}
            name={`clientsInfo.potentialBusiness.${i}.description`}
            label="Description"
            minRows={2}
          />
          <MoneyField
            control={control}
            name={`clientsInfo.potentialBusiness.${i}.projected`}
            label="Projected"
          />
        </SimpleGrid>
      )}
    />
  );
}

export function ClientsStep() {
  const { control } = useLpqForm();
  const clients = useFieldArray({ control, name: 'clientsInfo.topClients' });
  return (
    <Stack gap="xl">
      <ClientFlags />
      <Section title="Top Clients">
        <RepeatableList
          items={clients.fields}
          itemLabel="Client"
          emptyText="No clients added"
          addLabel="Add Client"
          onAdd={() => clients.append(emptyTopClient())}
          onRemove={clients.remove}
          renderItem={(i) => (
            <>
              <TextField
                control={control}
                name={`clientsInfo.topClients.${i}.clientName`}
                label="Client Name"
                required
              />
              <CheckboxField
                control={control}
                name={`clientsInfo.topClients.${i}.isOriginator`}
                label="I am the originator of this client"
              />
              <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }}>
                {CLIENT_AMOUNTS.map(([field, label]) => (
                  <MoneyField
                    key={field}
                    control={control}
                    name={`clientsInfo.topClients.${i}.${field}`}
                    label={label}
                  />
                ))}
                <PercentField
                  control={control}
                  name={`clientsInfo.topClients.${i}.portabilityLikelihood`}
                  label="Portability Likelihood"
                />
              </SimpleGrid>
              <ClientLedger i={i} />
            </>
          )}
        />
      </Section>
      <Section title="Potential Business">
        <Text size="sm" c="dimmed">
          New work you expect to win: never counted as portable.
        </Text>
        <PotentialBusiness />
      </Section>
      <Section title="Client Relationships">
        <TextareaField
          control={control}
          name="clientsInfo.isKeyRelationshipManager"
          label="Are you the key relationship manager for these clients?"
          required
        />
        <TextareaField
          control={control}
          name="clientsInfo.shareOriginationCredit"
          label="Do you share origination credit? With whom?"
          required
        />
        <TextareaField
          control={control}
          name="clientsInfo.portedClientsHistory"
          label="Have you ported clients before?"
          required
        />
        <TextareaField
          control={control}
          name="clientsInfo.portabilityDependencies"
          label="What does the portability of your clients depend on?"
          required
        />
        <TextareaField
          control={control}
          name="clientsInfo.specialFeeArrangements"
          label="Special fee arrangements"
          required
        />
        <TextareaField control={control} name="clientsInfo.clientPortability" label="Client Portability" />
        <TextareaField
          control={control}
          name="clientsInfo.clientConcentration"
          label="Client Concentration"
        />
        <MoneyField
          control={control}
          name="clientsInfo.averageEngagementValue"
          label="Average Engagement Value"
        />
        <TextareaField
          control={control}
          name="clientsInfo.clientRelationships"
          label="Client Relationships"
        />
      </Section>
    </Stack>
  );
}
