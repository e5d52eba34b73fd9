import { SimpleGrid, Stack } from '@mantine/core';
import { CLIENT_AMOUNT_FIELDS } from '@shared/package-labels';
import { useFieldArray } from 'react-hook-form';
import { CheckboxField, TextareaField, TextField } from '../fields';
import { emptyTopClient } from '../master-lpq-form';
import { MoneyField, PercentField } from '../number-fields';
import { RepeatableList } from '../RepeatableList';
import { Section, useLpqForm } from './common';

const CLIENT_AMOUNTS = CLIENT_AMOUNT_FIELDS;

export function ClientsStep() {
  const { control } = useLpqForm();
  const clients = useFieldArray({ control, name: 'clientsInfo.topClients' });
  return (
    <Stack gap="xl">
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
            </>
          )}
        />
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
