import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import {
  API_SCOPE_LABELS,
  API_SCOPES,
  type ApiScope,
  INTEGRATION_TEXTS as TEXTS,
  INTEGRATION_TOASTS as TOASTS,
} from '@shared/integrations';
import { IconKey, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { errorMessage, queryClient } from '../../lib/api';
import { api, type ResultOf } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { formatWhen, Section } from '../security/Section';
import { ItemHead, ItemList, MakeForm } from './parts';
import { SecretOnce } from './SecretOnce';

type Token = ResultOf<'GET /api/firm/api-tokens'>[number];
const KEY = ['/api/firm/api-tokens'];
const refresh = () =>
  Promise.all([
    queryClient.invalidateQueries({ queryKey: KEY }),
    queryClient.invalidateQueries({ queryKey: ['/api/firm/audit'] }),
  ]);

/** PRODUCT.md §14: the firm's API tokens — made with a name and scopes, shown once, listed, revoked. */
export function ApiTokensSection() {
  const tokens = useQuery({ queryKey: KEY, queryFn: () => api('GET /api/firm/api-tokens') });
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiScope[]>([]);
  const [created, setCreated] = useState<{ name: string; token: string } | null>(null);
  const [revoking, setRevoking] = useState<Token | null>(null);
  const create = useMutation({
    mutationFn: () => api('POST /api/firm/api-tokens', { body: { name, scopes } }),
    onSuccess: (made) => {
      setCreated({ name: made.name, token: made.token });
      setName('');
      setScopes([]);
      void refresh();
      showToast(TOASTS.tokenCreated, { variant: 'success' });
    },
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api('DELETE /api/firm/api-tokens/:id', { params: { id } }),
    onSuccess: () => {
      setRevoking(null);
      void refresh();
      showToast(TOASTS.tokenRevoked, { variant: 'success' });
    },
    onError: (error) => {
      setRevoking(null);
      showToast(
        { ...TOASTS.failed, message: errorMessage(error, TOASTS.failed.message) },
        { variant: 'destructive' },
      );
    },
  });
  return (
    <Section id="api-tokens" title={TEXTS.tokensTitle} description={TEXTS.tokensDescription}>
      <MakeForm
        onSubmit={() => create.mutate()}
        text={{
          label: TEXTS.tokenName,
          placeholder: TEXTS.tokenNamePlaceholder,
          value: name,
          onChange: setName,
          field: 'name',
        }}
        textProps={{ maxLength: 100 }}
        choices={{ label: TEXTS.scopes, values: API_SCOPES, labels: API_SCOPE_LABELS, field: 'scopes' }}
        chosen={scopes}
        onChoose={setScopes}
        error={create.error}
        submit={{
          label: TEXTS.createToken,
          icon: <IconKey size={16} aria-hidden />,
          loading: create.isPending,
        }}
      />
      {created && (
        <SecretOnce
          label={created.name}
          value={created.token}
          note={TEXTS.tokenShownOnce}
          onDone={() => setCreated(null)}
        />
      )}
      <ItemList
        query={tokens}
        loadingLabel="Loading API tokens"
        loadFailed={TEXTS.loadFailed}
        emptyText={TEXTS.noTokens}
      >
        {(items) => (
          <Stack gap="sm">
            {items.map((token) => (
              <Paper key={token.id} withBorder p="sm" data-testid="api-token">
                <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                  <ItemHead name={token.name} tags={token.scopes}>
                    <Text size="xs" c="gray.7">
                      Created {formatWhen(token.createdAt)} ·{' '}
                      {token.lastUsedAt
                        ? `${TEXTS.lastUsed} ${formatWhen(token.lastUsedAt)}`
                        : TEXTS.neverUsed}
                    </Text>
                  </ItemHead>
                  <Button
                    size="xs"
                    variant="default"
                    color="red"
                    leftSection={<IconTrash size={14} aria-hidden />}
                    onClick={() => setRevoking(token)}
                    aria-label={`Revoke the token ${token.name}`}
                  >
                    {TEXTS.revoke}
                  </Button>
                </Group>
              </Paper>
            ))}
          </Stack>
        )}
      </ItemList>
      <ConfirmDialog
        opened={revoking !== null}
        title={TEXTS.revokeTitle}
        message={TEXTS.revokeMessage(revoking?.name ?? '')}
        confirmLabel={TEXTS.revoke}
        color="red"
        loading={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      />
    </Section>
  );
}
