import { Anchor, Fieldset, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { FileRef } from '@shared/files';
import {
  DISCLOSURE_FLAGS,
  DISCLOSURE_TEXT_FIELDS,
  EMPLOYEE_TYPE_LABELS,
  EMPLOYEE_TYPES,
  explanationKey,
  FINANCIAL_PERIOD_FIELDS,
  FINANCIAL_PERIODS,
  type MasterLpqInput,
} from '@shared/master-lpq';
import { CLIENT_AMOUNT_FIELDS, FINANCIAL_FIELD_FORMAT, FORMAT } from '@shared/package-labels';
import type { ReactNode } from 'react';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { Link } from 'react-router';
import { DocumentsUploader, ResumeUploader } from '../files';
import {
  CheckboxField,
  DateField,
  MoneyField,
  NumberField,
  optionsOf,
  PercentField,
  SelectField,
  TextareaField,
  TextField,
  YesNoField,
} from './fields';
import { emptyPriorEmployment, emptyTopClient } from './master-lpq-form';
import { RepeatableList } from './RepeatableList';

const useLpqForm = () => useFormContext<MasterLpqInput>();

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="md">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

export function GeneralInfoStep() {
  const { control } = useLpqForm();
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextField control={control} name="generalInfo.name" label="Full Name" required autoComplete="name" />
        <TextField
          control={control}
          name="generalInfo.email"
          label="Email"
          type="email"
          required
          autoComplete="email"
        />
        <TextField
          control={control}
          name="generalInfo.phone"
          label="Phone"
          type="tel"
          required
          autoComplete="tel"
        />
      </SimpleGrid>
      <TextareaField control={control} name="generalInfo.address" label="Address" required minRows={2} />
      <TextareaField
        control={control}
        name="generalInfo.barAdmissions"
        label="Bar Admissions"
        description="One per line, with year of admission"
        required
      />
      <TextareaField control={control} name="generalInfo.personalSummary" label="Professional Summary" />
    </Stack>
  );
}

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

export function RequirementsStep() {
  const { control } = useLpqForm();
  const guidelines = useWatch({ control, name: 'practiceRequirements.clientGuidelines' });
  return (
    <Stack gap="md">
      <TextareaField
        control={control}
        name="practiceRequirements.supportNeeded"
        label="Support Requirements"
        required
      />
      <TextareaField
        control={control}
        name="practiceRequirements.marketingBudget"
        label="Marketing Budget Requirements"
        required
      />
      <TextareaField
        control={control}
        name="practiceRequirements.intellectualProperty"
        label="Intellectual Property"
      />
      <TextareaField
        control={control}
        name="practiceRequirements.specializedResources"
        label="Specialized Resources"
      />
      <CheckboxField
        control={control}
        name="practiceRequirements.clientGuidelines"
        label="My clients have outside counsel guidelines the firm must follow"
      />
      {guidelines && (
        <TextareaField
          control={control}
          name="practiceRequirements.clientGuidelinesExplanation"
          label="Client Guidelines Explanation"
        />
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextareaField
          control={control}
          name="practiceRequirements.supportStaff"
          label="Support Staff"
          minRows={2}
        />
        <TextareaField
          control={control}
          name="practiceRequirements.officeSpace"
          label="Office Space"
          minRows={2}
        />
        <TextareaField
          control={control}
          name="practiceRequirements.technology"
          label="Technology"
          minRows={2}
        />
        <TextareaField
          control={control}
          name="practiceRequirements.locationPreferences"
          label="Location Preferences"
          minRows={2}
        />
        <DateField control={control} name="practiceRequirements.startDate" label="Preferred Start Date" />
      </SimpleGrid>
    </Stack>
  );
}

export function DisclosuresStep() {
  const { control } = useLpqForm();
  const disclosures = useWatch({ control, name: 'disclosures' }) as Record<string, unknown> | undefined;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Answer each question Yes or No. When you answer Yes, explain the circumstances.
      </Text>
      {DISCLOSURE_FLAGS.map(([flag, question]) => (
        <Paper key={flag} withBorder p="sm" radius="md">
          <Stack gap="xs">
            <YesNoField control={control} name={`disclosures.${flag}`} label={question} required />
            {disclosures?.[flag] === true && (
              <TextareaField
                control={control}
                name={`disclosures.${explanationKey(flag)}`}
                label="Explanation"
                required
                minRows={2}
              />
            )}
          </Stack>
        </Paper>
      ))}
      <Title order={3} fz="md" mt="md">
        Additional Information
      </Title>
      {DISCLOSURE_TEXT_FIELDS.map(([field, label]) => (
        <TextareaField
          key={field}
          control={control}
          name={`disclosures.${field}`}
          label={label}
          minRows={2}
        />
      ))}
    </Stack>
  );
}

export function DocumentsStep() {
  const { control, setValue } = useLpqForm();
  const resumeUrl = useWatch({ control, name: 'resumeUrl' });
  const documents = useWatch({ control, name: 'documents' });
  return (
    <Stack gap="xl">
      <Section title="Resume">
        <ResumeUploader
          value={resumeUrl}
          onChange={(url) => setValue('resumeUrl', url, { shouldDirty: true })}
        />
      </Section>
      <Section title="Supporting Documents">
        <Text size="sm" c="dimmed">
          Writing samples and other documents: up to 5 files, PDF, DOC or DOCX, 10 MB each.
        </Text>
        <DocumentsUploader
          value={(documents ?? []) as FileRef[]}
          onChange={(files) => setValue('documents', files, { shouldDirty: true })}
          label="Supporting documents"
        />
      </Section>
      <Section title="Related Forms">
        <Text size="sm">These forms are shared with your Master LPQ:</Text>
        <Stack gap={4}>
          <Anchor component={Link} to="/attorney/conflicts-form">
            Conflicts of Interest Form
          </Anchor>
          <Anchor component={Link} to="/attorney/diversity-form">
            Diversity Self-Identification Form (optional)
          </Anchor>
        </Stack>
      </Section>
    </Stack>
  );
}
