import { Button, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { RETURN_TO_PARAM } from '@shared/return-path';
import { emailDomain, SSO_TEXTS } from '@shared/sso-texts';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/client';

const looksLikeAddress = (v: string) => /^[^@\s]+@[^@\s]+\.[^@\s]{2,}$/.test(v.trim());

/**
 * PRODUCT.md §14: once the typed address's domain belongs to a firm with single sign-on, the sign-in form
 * offers 'Continue with single sign-on' (the password stays, for everyone else and the firm's admins).
 * Its own chunk: /auth loads it once an address is being typed, not with the page (bench/page-weight.ts).
 */
export default function SsoOffer({ email, returnTo }: { email: string; returnTo: string | null }) {
  const [settled] = useDebouncedValue(email.trim().toLowerCase(), 300);
  const usable = looksLikeAddress(settled);
  const discover = useQuery({
    queryKey: ['sso-discover', usable ? emailDomain(settled) : ''],
    queryFn: () => api('GET /api/auth/sso/discover', { query: { email: settled } }),
    enabled: usable,
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  if (!(usable && looksLikeAddress(email) && discover.data?.sso === true)) return null;
  const start = `/api/auth/sso/start?email=${encodeURIComponent(settled)}${returnTo ? `&${RETURN_TO_PARAM}=${encodeURIComponent(returnTo)}` : ''}`;
  return (
    <Stack gap={6}>
      <Button component="a" href={start} fullWidth variant="filled" color="navy">
        {SSO_TEXTS.continueButton}
      </Button>
      <Text size="sm" c="gray.7" ta="center">
        {SSO_TEXTS.orPassword}
      </Text>
    </Stack>
  );
}
