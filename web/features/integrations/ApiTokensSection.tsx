import { Badge, Button, Center, Checkbox, Group, Loader, Paper, Stack, Text, TextInput } from '@mantine/core';
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
import { errorMessage, fieldErrors, queryClient } from '../../lib/api';
import { api, type ResultOf } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { formatWhen, Section } from '../security/Section';
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
  const problems = create.error ? fieldErrors(create.error) : {};
  return (
    <Section id="api-tokens" title={TEXTS.tokensTitle} description={TEXTS.tokensDescription}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={TEXTS.tokenName}
            placeholder={TEXTS.tokenNamePlaceholder}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            error={problems.name}
            maxLength={100}
          />
          <Checkbox.Group
            label={TEXTS.scopes}
            value={scopes}
            onChange={(v) => setScopes(v as ApiScope[])}
            error={problems.scopes}
          >
            <Stack gap={6} mt={6}>
              {API_SCOPES.map((scope) => (
                <Checkbox key={scope} value={scope} label={`${scope} — ${API_SCOPE_LABELS[scope]}`} />
              ))}
            </Stack>
          </Checkbox.Group>
          {create.error && !Object.keys(problems).length && (
            <Text c="red.8" size="sm" role="alert">
              {errorMessage(create.error, TOASTS.failed.message)}
            </Text>
          )}
          <Group>
            <Button type="submit" leftSection={<IconKey size={16} aria-hidden />} loading={create.isPending}>
              {TEXTS.createToken}
            </Button>
          </Group>
        </Stack>
      </form>
      {created && (
        <SecretOnce
          label={created.name}
          value={created.token}
          note={TEXTS.tokenShownOnce}
          onDone={() => setCreated(null)}
        />
      )}
      {tokens.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading API tokens" />
        </Center>
      ) : tokens.isError ? (
        <Text c="red.8" role="alert">
          {errorMessage(tokens.error, TEXTS.loadFailed)}
        </Text>
      ) : !tokens.data?.length ? (
        <Text c="gray.7" size="sm">
          {TEXTS.noTokens}
        </Text>
      ) : (
        <Stack gap="sm">
          {tokens.data.map((token) => (
            <Paper key={token.id} withBorder p="sm" data-testid="api-token">
              <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
                <Stack gap={6} style={{ minWidth: 0, flex: '1 1 240px' }}>
                  <Text fw={500} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {token.name}
                  </Text>
                  <Group gap={6}>
                    {token.scopes.map((scope) => (
                      <Badge key={scope} variant="light" color="gray" tt="none">
                        {scope}
                      </Badge>
                    ))}
                  </Group>
                  <Text size="xs" c="gray.7">
                    Created {formatWhen(token.createdAt)} ·{' '}
                    {token.lastUsedAt ? `${TEXTS.lastUsed} ${formatWhen(token.lastUsedAt)}` : TEXTS.neverUsed}
                  </Text>
                </Stack>
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
