import {
  Alert,
  Badge,
  Button,
  Center,
  Code,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from '@mantine/core';
import { SSO_TEST_PARAM, SSO_TEXTS } from '@shared/sso-texts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorMessage, fieldErrors, queryClient } from '../../lib/api';
import { api, type ResultOf } from '../../lib/client';
import { showToast } from '../../lib/toast';
import { Section } from '../security/Section';
import { refreshTeam } from '../team/api';

const SSO_KEY = ['/api/firm/settings/sso'] as const;
type Settings = ResultOf<'GET /api/firm/settings/sso'>;

/**
 * The firm's single sign-on (PRODUCT.md §14, admins; recent sign-in): the provider's issuer, the client
 * registered with it (the secret is write-only: 'set' once stored), the e-mail domains it signs in, and
 * whether members must use it. 'Test sign-in' runs the flow once and comes back here with the result.
 */
export function SsoSection() {
  const settings = useQuery({ queryKey: SSO_KEY, queryFn: () => api('GET /api/firm/settings/sso') });
  return (
    <Section id="single-sign-on" title={SSO_TEXTS.sectionTitle} description={SSO_TEXTS.sectionIntro}>
      {settings.isLoading ? (
        <Center py="md">
          <Loader size="sm" aria-label="Loading single sign-on" />
        </Center>
      ) : !settings.data ? (
        <Text c="red.8" role="alert">
          {errorMessage(settings.error, 'Single sign-on could not be loaded. Please reload the page.')}
        </Text>
      ) : (
        <SsoForm current={settings.data} />
      )}
    </Section>
  );
}

function TestResult() {
  const [params, setParams] = useSearchParams();
  const result = params.get(SSO_TEST_PARAM);
  const email = params.get('email');
  if (result !== 'ok' && result !== 'failed') return null;
  const dismiss = () =>
    setParams(
      (p) => {
        p.delete(SSO_TEST_PARAM);
        p.delete('email');
        return p;
      },
      { replace: true },
    );
  return (
    <Alert
      color={result === 'ok' ? 'green' : 'red'}
      role="status"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
    >
      {result === 'ok' ? SSO_TEXTS.testOk(email ?? '') : SSO_TEXTS.testFailed}
    </Alert>
  );
}

function SsoForm({ current }: { current: Settings }) {
  const [issuer, setIssuer] = useState(current.issuer);
  const [clientId, setClientId] = useState(current.clientId);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState<string[]>(current.domains);
  const [requireSso, setRequireSso] = useState(current.requireSso);
  const save = useMutation({
    mutationFn: () =>
      api('PUT /api/firm/settings/sso', {
        body: { issuer, clientId, domains, requireSso, ...(clientSecret ? { clientSecret } : {}) },
      }),
    onSuccess: (saved) => {
      queryClient.setQueryData(SSO_KEY, saved);
      setClientSecret('');
      void refreshTeam();
      showToast(SSO_TEXTS.savedToast, { variant: 'success' });
    },
  });
  useEffect(() => {
    setIssuer(current.issuer);
    setClientId(current.clientId);
    setDomains(current.domains);
    setRequireSso(current.requireSso);
  }, [current]);
  const errors = fieldErrors(save.error);
  const problem = save.error && !Object.keys(errors).length ? errorMessage(save.error, 'Not saved') : null;
  const domainError = Object.entries(errors).find(([k]) => k.startsWith('domains'))?.[1];
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate();
      }}
    >
      <Stack gap="md">
        <TestResult />
        <div>
          <Text size="sm" fw={500}>
            {SSO_TEXTS.redirectUrlLabel}
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {current.redirectUri}
          </Code>
        </div>
        <TextInput
          label={SSO_TEXTS.issuerLabel}
          placeholder="https://login.example.com"
          value={issuer}
          onChange={(e) => setIssuer(e.currentTarget.value)}
          error={errors.issuer}
          autoComplete="off"
        />
        <TextInput
          label={SSO_TEXTS.clientIdLabel}
          value={clientId}
          onChange={(e) => setClientId(e.currentTarget.value)}
          error={errors.clientId}
          autoComplete="off"
        />
        <PasswordInput
          label={
            <Group gap="xs" component="span">
              {SSO_TEXTS.clientSecretLabel}
              {current.clientSecretSet && (
                <Badge size="sm" variant="light" color="green" component="span">
                  Set
                </Badge>
              )}
            </Group>
          }
          placeholder={current.clientSecretSet ? SSO_TEXTS.clientSecretSet : undefined}
          value={clientSecret}
          onChange={(e) => setClientSecret(e.currentTarget.value)}
          error={errors.clientSecret}
          autoComplete="new-password"
        />
        <TagsInput
          label={SSO_TEXTS.domainsLabel}
          description={SSO_TEXTS.domainsHint}
          placeholder="example.com, then Enter"
          value={domains}
          onChange={setDomains}
          splitChars={[',', ' ']}
          acceptValueOnBlur
          error={domainError}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
        {/* The rule a domain must meet to be saved (PRODUCT.md §14): proven to be the firm's. */}
        <Stack gap={4} data-testid="sso-domain-proof">
          <Text size="sm" c="gray.7">
            {SSO_TEXTS.domainsProofRule}
          </Text>
          <Code block style={{ wordBreak: 'break-all', whiteSpace: 'pre-wrap' }}>
            {current.domainTxtRecord}
          </Code>
          <Text size="sm" c="gray.7">
            {SSO_TEXTS.domainsProofSharedRule}
          </Text>
          {current.unprovenDomains.map((d) => (
            <Text key={d} size="sm" c="orange.9">
              {d}: {SSO_TEXTS.domainUnprovenBadge}
            </Text>
          ))}
        </Stack>
        <Switch
          size="md"
          label={SSO_TEXTS.requireSsoLabel}
          description={SSO_TEXTS.requireSsoHint}
          checked={requireSso}
          onChange={(e) => setRequireSso(e.currentTarget.checked)}
          styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
        />
        {problem && (
          <Alert color="orange" title="Single sign-on was not saved" role="alert">
            <Text size="sm">{problem}</Text>
          </Alert>
        )}
        <Group gap="sm">
          <Button type="submit" loading={save.isPending}>
            {SSO_TEXTS.save}
          </Button>
          {/* A link only once there is something to test: before that the route answers 404. */}
          {current.clientSecretSet ? (
            <Button component="a" href="/api/firm/settings/sso/test" variant="default">
              {SSO_TEXTS.testButton}
            </Button>
          ) : (
            <Button variant="default" disabled>
              {SSO_TEXTS.testButton}
            </Button>
          )}
        </Group>
      </Stack>
    </form>
  );
}
