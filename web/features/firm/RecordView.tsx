import { Box, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { displayValue, labelForField, orderedEntries } from '@shared/requests';

type Json = Record<string, unknown>;

const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

function Field({ label, value }: { label: string; value: unknown }) {
  return (
    <Box>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {displayValue(value)}
      </Text>
    </Box>
  );
}

/**
 * A stored form as labelled fields: the spec's field names become labels, nested groups become
 * sub-sections and lists of records are numbered. Used for every part of a shared package.
 */
export function RecordView({ record, depth = 0 }: { record: Json; depth?: number }) {
  const entries = orderedEntries(record);
  const simple = entries.filter(([, v]) => !isRecord(v) && !(Array.isArray(v) && v.some(isRecord)));
  const nested = entries.filter(([, v]) => isRecord(v) || (Array.isArray(v) && v.some(isRecord)));
  return (
    <Stack gap="md">
      {simple.length > 0 && (
        <SimpleGrid cols={{ base: 1, sm: depth > 1 ? 2 : 3 }} spacing="md" verticalSpacing="sm">
          {simple.map(([key, value]) => (
            <Field key={key} label={labelForField(key)} value={value} />
          ))}
        </SimpleGrid>
      )}
      {nested.map(([key, value]) => (
        <Box key={key}>
          <Title order={depth === 0 ? 3 : 4} fz={depth === 0 ? 'h5' : 'h6'} mb="xs" c="navy.9">
            {labelForField(key)}
          </Title>
          {isRecord(value) ? (
            <RecordView record={value} depth={depth + 1} />
          ) : (
            <Stack gap="sm">
              {(value as unknown[]).map((item, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a frozen snapshot: its order never changes
                <Paper key={`${key}-${i}`} withBorder p="sm" bg="gray.0">
                  <Text size="xs" c="dimmed" fw={600} mb={4}>
                    {labelForField(key)} #{i + 1}
                  </Text>
                  {isRecord(item) ? <RecordView record={item} depth={depth + 2} /> : displayValue(item)}
                </Paper>
              ))}
            </Stack>
          )}
        </Box>
      ))}
    </Stack>
  );
}
