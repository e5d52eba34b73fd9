import { Badge, Box, Button, Group, Paper, Stack, Table, Text } from '@mantine/core';
import {
  DELIVERY_STATUS_LABELS,
  INTEGRATION_TEXTS as TEXTS,
  INTEGRATION_TOASTS as TOASTS,
  WEBHOOK_EVENT_LABELS,
  WEBHOOK_EVENTS,
  type WebhookEvent,
} from '@shared/integrations';
import { IconList, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage, queryClient } from '../../lib/api';
import { api, type ResultOf } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { formatWhen, Section } from '../security/Section';
import { ItemHead, ItemList, MakeForm } from './parts';
import { SecretOnce } from './SecretOnce';

type Hook = ResultOf<'GET /api/firm/webhooks'>[number];
const KEY = ['/api/firm/webhooks'];
const logKey = (id: string) => ['/api/firm/webhooks', id, 'deliveries'];
const failed = (error: unknown) =>
  showToast(
    { ...TOASTS.failed, message: errorMessage(error, TOASTS.failed.message) },
    { variant: 'destructive' },
  );
const STATUS_COLORS = { pending: 'orange', sending: 'blue', delivered: 'teal', failed: 'red' } as const;

/** One webhook's delivery log: each delivery with its attempts (time, status code, error); refreshed while open. */
function DeliveryLog({ hook }: { hook: Hook }) {
  const log = useQuery({
    queryKey: logKey(hook.id),
    queryFn: () => api('GET /api/firm/webhooks/:id/deliveries', { params: { id: hook.id } }),
    refetchInterval: 2000,
  });
  return (
    <ItemList
      query={log}
      loadingLabel="Loading the delivery log"
      loadFailed={TEXTS.loadFailed}
      emptyText={TEXTS.noDeliveries}
      compact
    >
      {() => (
        // A scroll region of its own at phone widths, reachable by keyboard (axe: scrollable-region-focusable).
        <Box
          tabIndex={0}
          role="region"
          aria-label={`${TEXTS.deliveryLog}: ${hook.url}`}
          style={{ overflowX: 'auto' }}
        >
          <Table striped verticalSpacing={4} fz="xs" miw={480}>
            <Table.Thead>
              <Table.Tr>
                {['Event', 'Status', 'Attempts'].map((column) => (
                  <Table.Th key={column}>{column}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {log.data?.map((d) => (
                <Table.Tr key={d.id} data-testid="delivery">
                  <Table.Td>
                    <Text size="xs" fw={500}>
                      {d.event}
                    </Text>
                    <Text size="xs" c="gray.7">
                      {formatWhen(d.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLORS[d.status]} variant="light" tt="none">
                      {DELIVERY_STATUS_LABELS[d.status]}
                    </Badge>
                    {d.nextAttemptAt && (
                      <Text size="xs" c="gray.7">
                        Next try {formatWhen(d.nextAttemptAt)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Stack gap={2}>
                      {d.attempts.map((a) => (
                        <Text key={a.at} size="xs">
                          {formatWhen(a.at)} · {a.statusCode ?? 'no answer'}
                          {a.error ? ` · ${a.error}` : ''}
                        </Text>
                      ))}
                    </Stack>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Box>
      )}
    </ItemList>
  );
}

/** PRODUCT.md §14: the firm's webhooks — add (secret shown once), list, delete, send a test, read the log. */
export function WebhooksSection() {
  const hooks = useQuery({ queryKey: KEY, queryFn: () => api('GET /api/firm/webhooks') });
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([]);
  const [created, setCreated] = useState<{ url: string; secret: string } | null>(null);
  const [deleting, setDeleting] = useState<Hook | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: () => api('POST /api/firm/webhooks', { body: { url, events } }),
    onSuccess: (made) => {
      setCreated({ url: made.url, secret: made.secret });
      setUrl('');
      setEvents([]);
      void queryClient.invalidateQueries({ queryKey: KEY });
      showToast(TOASTS.webhookAdded, { variant: 'success' });
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api('DELETE /api/firm/webhooks/:id', { params: { id } }),
    onSuccess: () => {
      setDeleting(null);
      void queryClient.invalidateQueries({ queryKey: KEY });
      showToast(TOASTS.webhookDeleted, { variant: 'success' });
    },
    onError: (error) => {
      setDeleting(null);
      failed(error);
    },
  });
  const test = useMutation({
    mutationFn: (id: string) => api('POST /api/firm/webhooks/:id/test', { params: { id } }),
    onSuccess: (_sent, id) => {
      setOpen(id);
      void queryClient.invalidateQueries({ queryKey: logKey(id) });
      showToast(TOASTS.testQueued, { variant: 'success' });
    },
    onError: failed,
  });
  return (
    <Section id="webhooks" title={TEXTS.webhooksTitle} description={TEXTS.webhooksDescription}>
      <MakeForm
        onSubmit={() => add.mutate()}
        text={{
          label: TEXTS.webhookUrl,
          placeholder: TEXTS.webhookUrlPlaceholder,
          value: url,
          onChange: setUrl,
          field: 'url',
        }}
        textProps={{ type: 'url' }}
        choices={{
          label: TEXTS.events,
          values: WEBHOOK_EVENTS,
          labels: WEBHOOK_EVENT_LABELS,
          field: 'events',
          description: TEXTS.eventsHint,
        }}
        chosen={events}
        onChoose={setEvents}
        error={add.error}
        submit={{
          label: TEXTS.addWebhook,
          icon: <IconPlus size={16} aria-hidden />,
          loading: add.isPending,
        }}
      />
      {created && (
        <SecretOnce
          label={created.url}
          value={created.secret}
          note={TEXTS.secretShownOnce}
          onDone={() => setCreated(null)}
        />
      )}
      <ItemList
        query={hooks}
        loadingLabel="Loading webhooks"
        loadFailed={TEXTS.loadFailed}
        emptyText={TEXTS.noWebhooks}
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((hook) => (
              <Paper key={hook.id} withBorder p="sm" data-testid="webhook">
                <Stack gap="xs">
                  <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                    <ItemHead name={hook.url} tags={hook.events} />
                    <Group gap="xs">
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconSend size={14} aria-hidden />}
                        loading={test.isPending && test.variables === hook.id}
                        onClick={() => test.mutate(hook.id)}
                      >
                        {TEXTS.sendTest}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconList size={14} aria-hidden />}
                        onClick={() => setOpen(open === hook.id ? null : hook.id)}
                        aria-expanded={open === hook.id}
                      >
                        {open === hook.id ? TEXTS.hideLog : TEXTS.deliveryLog}
                      </Button>
                      <Button
                        size="xs"
                        variant="default"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => setDeleting(hook)}
                        aria-label={`Delete the webhook ${hook.url}`}
                      >
                        {TEXTS.deleteWebhook}
                      </Button>
                    </Group>
                  </Group>
                  {open === hook.id && <DeliveryLog hook={hook} />}
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </ItemList>
      <ConfirmDialog
        opened={deleting !== null}
        title={TEXTS.deleteTitle}
        message={TEXTS.deleteMessage(deleting?.url ?? '')}
        confirmLabel={TEXTS.deleteWebhook}
        color="red"
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      />
    </Section>
  );
}
