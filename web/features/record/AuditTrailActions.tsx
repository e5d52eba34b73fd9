import { Alert, Button, CopyButton, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  RECEIPT_TEXTS,
  receiptFacts,
  AUDIT_TRAIL_TEXTS as TEXTS,
  type TrailReceipt,
} from '@shared/audit-trail';
import { IconCheck, IconCopy, IconDownload, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';
import { apiDownload } from '../../lib/download';
import { showToast } from '../../lib/toast';

type Target = { side: 'attorney' | 'firm'; requestId: string } | { side: 'account' };

const download = (target: Target, format: 'csv' | 'pdf') => {
  if (target.side === 'account') return apiDownload('GET /api/attorney/audit.csv', 'audit-trail.csv');
  const params = { params: { id: target.requestId } };
  if (target.side === 'firm')
    return format === 'csv'
      ? apiDownload('GET /api/firm/lpq-requests/:id/audit.csv', 'audit-trail.csv', params)
      : apiDownload('GET /api/firm/lpq-requests/:id/audit.pdf', 'audit-trail.pdf', params);
  return format === 'csv'
    ? apiDownload('GET /api/attorney/lpq-requests/:id/audit.csv', 'audit-trail.csv', params)
    : apiDownload('GET /api/attorney/lpq-requests/:id/audit.pdf', 'audit-trail.pdf', params);
};

const verify = (target: Target) => {
  if (target.side === 'account') return api('GET /api/attorney/audit/verify');
  const params = { params: { id: target.requestId } };
  return target.side === 'firm'
    ? api('GET /api/firm/lpq-requests/:id/audit/verify', params)
    : api('GET /api/attorney/lpq-requests/:id/audit/verify', params);
};

/**
 * PRODUCT.md §11 (issue 67): the signed receipt the check answered with — events, head hash, when and with
 * which key — and its JSON to copy, to give back to the check later (POST …/audit/verify { receipt }).
 */
function ReceiptCard({ receipt }: { receipt: TrailReceipt }) {
  return (
    <Paper withBorder p="xs" mt={8} radius="sm" aria-label={RECEIPT_TEXTS.heading} component="section">
      <Group justify="space-between" gap="xs" wrap="wrap" mb={6}>
        <Text size="sm" fw={600}>
          {RECEIPT_TEXTS.heading}
        </Text>
        <CopyButton value={JSON.stringify(receipt, null, 2)}>
          {({ copied, copy }) => (
            <Button
              size="xs"
              variant="default"
              leftSection={copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
              onClick={copy}
            >
              {copied ? TEXTS.receiptCopied : TEXTS.copyReceipt}
            </Button>
          )}
        </CopyButton>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing={4} verticalSpacing={4}>
        {receiptFacts(receipt).map(([label, value]) => (
          <div key={label} style={{ minWidth: 0 }}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text
              size="sm"
              ff={label === 'Signed at (UTC)' ? undefined : 'monospace'}
              style={{ overflowWrap: 'anywhere' }}
            >
              {value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

/**
 * PRODUCT.md §11: a request's audit trail (or the whole account's, for the attorney) as CSV and PDF, and
 * the check of its hash chain with a result that says what it found.
 */
export function AuditTrailActions({ target, heading = true }: { target: Target; heading?: boolean }) {
  const file = useMutation({
    mutationFn: (format: 'csv' | 'pdf') => download(target, format),
    onError: (error) =>
      showToast(TEXTS.downloadFailed, {
        variant: 'destructive',
        message: errorMessage(error, TEXTS.downloadFailed.message),
      }),
  });
  const check = useMutation({ mutationFn: () => verify(target) });
  const result = check.data;
  const what = target.side === 'account' ? 'your audit trail' : 'the audit trail';
  return (
    <Stack gap={8}>
      {heading && (
        <div>
          <Text size="sm" fw={600}>
            {TEXTS.title}
          </Text>
          <Text size="xs" c="dimmed">
            {target.side === 'account' ? TEXTS.accountDescription : TEXTS.requestDescription}
          </Text>
        </div>
      )}
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} aria-hidden />}
          loading={file.isPending && file.variables === 'csv'}
          onClick={() => file.mutate('csv')}
          aria-label={`${TEXTS.csv}: ${what}`}
        >
          {TEXTS.csv}
        </Button>
        {target.side !== 'account' && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconDownload size={14} aria-hidden />}
            loading={file.isPending && file.variables === 'pdf'}
            onClick={() => file.mutate('pdf')}
            aria-label={`${TEXTS.pdf}: ${what}`}
          >
            {TEXTS.pdf}
          </Button>
        )}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShieldCheck size={14} aria-hidden />}
          loading={check.isPending}
          onClick={() => check.mutate()}
        >
          {TEXTS.verify}
        </Button>
      </Group>
      <div aria-live="polite">
        {result?.intact && (
          <Alert color="teal" variant="light" icon={<IconShieldCheck aria-hidden />} p="xs">
            <Text size="sm">{TEXTS.intact(result.events)}</Text>
          </Alert>
        )}
        {result?.receipt && <ReceiptCard receipt={result.receipt} />}
        {result && !result.intact && (
          <Alert color="red" variant="light" icon={<IconShieldX aria-hidden />} title={TEXTS.broken} p="xs">
            <Text size="sm">{result.brokenAt?.message}</Text>
          </Alert>
        )}
        {check.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(check.error, TEXTS.failed)}
          </Text>
        )}
      </div>
    </Stack>
  );
}
