import { Badge, Group, List, Paper, Stack, Text } from '@mantine/core';
import { conflictsSummaryText, PARTY_ROLE_LABELS, ROW_STATUS_LABELS } from '@shared/conflicts';
import { IconScale } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

export const attorneyConflictsKey = (requestId: string) => [
  '/api/attorney/lpq-requests',
  requestId,
  'conflicts',
];

/**
 * PRODUCT.md §13 on the request card: the conflicts team's answers, as a summary ('12 cleared · 1 waiver
 * needed') and each row that has a note or is not cleared. Nothing until the firm has rows.
 */
export function ConflictsAnswers({ requestId }: { requestId: string }) {
  const answers = useQuery({
    queryKey: attorneyConflictsKey(requestId),
    queryFn: () => api('GET /api/attorney/lpq-requests/:id/conflicts', { params: { id: requestId } }),
  });
  const rows = answers.data?.rows ?? [];
  if (!rows.length) return null;
  const worth = rows.filter((r) => r.noteToAttorney || (r.status && r.status !== 'cleared'));
  return (
    <Paper withBorder p="sm" bg="gray.0" aria-label="Conflicts check">
      <Stack gap={6}>
        <Group gap={6} wrap="nowrap">
          <IconScale size={16} aria-hidden />
          <Text size="sm" fw={600}>
            Conflicts check: {conflictsSummaryText(rows)}
          </Text>
        </Group>
        {worth.length > 0 && (
          <List size="sm" spacing={4} listStyleType="none" p={0}>
            {worth.map((r) => (
              <List.Item key={r.rowId} style={{ wordBreak: 'break-word' }}>
                <Group gap={6} wrap="wrap" component="span">
                  <Text span size="sm" fw={500}>
                    {r.partyName}
                  </Text>
                  <Text span size="xs" c="gray.7">
                    {PARTY_ROLE_LABELS[r.partyRole]}
                    {r.partyRole !== 'client' ? ` · ${r.clientName}` : ''}
                  </Text>
                  {r.status && (
                    <Badge
                      size="sm"
                      variant="light"
                      color={r.status === 'cleared' ? 'green' : 'red'}
                      tt="none"
                    >
                      {ROW_STATUS_LABELS[r.status]}
                    </Badge>
                  )}
                </Group>
                {r.noteToAttorney && (
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                    {r.noteToAttorney}
                  </Text>
                )}
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}
