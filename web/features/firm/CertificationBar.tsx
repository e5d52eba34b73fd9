import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { certificationLine, describeMismatch, VERIFY_TEXTS } from '@shared/certification';
import type { SharedPackage } from '@shared/requests';
import { IconCertificate, IconCertificateOff, IconShieldCheck, IconShieldX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/api';
import { api } from '../../lib/client';

/**
 * PRODUCT.md §11: on each version, who certified it and when with its fingerprint ('Not certified' when the
 * attorney did not), and Verify: the server recomputes the fingerprint and every document's SHA-256 from
 * what is stored and names any part and field that differs (never a value). Keyed by version by the caller.
 */
export function CertificationBar({ requestId, pkg }: { requestId: string; pkg: SharedPackage }) {
  const verify = useMutation({
    mutationFn: () =>
      api('GET /api/firm/lpq-requests/:id/verify', {
        params: { id: requestId },
        query: { version: pkg.version },
      }),
  });
  const result = verify.data;
  const certified = pkg.certification;
  const documentNames = (pkg.documents ?? []).map((d) => d.name);
  return (
    <Stack gap="xs">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap={6} wrap="nowrap" miw={0} style={{ flex: '1 1 260px' }}>
          {certified ? (
            <IconCertificate
              size={18}
              aria-hidden
              color="var(--mantine-color-teal-8)"
              style={{ flexShrink: 0 }}
            />
          ) : (
            <IconCertificateOff
              size={18}
              aria-hidden
              color="var(--mantine-color-gray-7)"
              style={{ flexShrink: 0 }}
            />
          )}
          <Text size="sm" fw={500} title={certified?.fingerprint} style={{ wordBreak: 'break-word' }}>
            {certificationLine(certified)}
          </Text>
        </Group>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconShieldCheck size={14} aria-hidden />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
          aria-label={`${VERIFY_TEXTS.button} version ${pkg.version}`}
        >
          {VERIFY_TEXTS.button}
        </Button>
      </Group>
      <div aria-live="polite">
        {result?.intact && (
          <Alert color="teal" variant="light" icon={<IconShieldCheck aria-hidden />} p="xs">
            <Text size="sm">{VERIFY_TEXTS.intact(result.version)}</Text>
            {result.fingerprint && (
              <Text size="xs" c="dimmed" mt={4} style={{ wordBreak: 'break-all' }}>
                Fingerprint {result.fingerprint}
              </Text>
            )}
          </Alert>
        )}
        {result && !result.intact && (
          <Alert
            color="red"
            variant="light"
            icon={<IconShieldX aria-hidden />}
            title={VERIFY_TEXTS.changedTitle}
            p="xs"
          >
            <Text size="sm">{VERIFY_TEXTS.changedIntro}</Text>
            <List size="sm" mt={4} spacing={2}>
              {result.mismatches.map((m) => (
                <List.Item key={`${m.part} ${m.path} ${m.problem}`} style={{ wordBreak: 'break-word' }}>
                  {describeMismatch(m, documentNames)}
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        {verify.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(verify.error, VERIFY_TEXTS.failed)}
          </Text>
        )}
      </div>
    </Stack>
  );
}
