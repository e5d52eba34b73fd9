import { Alert, Anchor, Button, Group, Loader, Text } from '@mantine/core';
import { type ReadablePart, roleNames, TEAM_MESSAGES } from '@shared/team';
import type { UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import type { ResultOf } from '../../lib/client';

export type Audience = ResultOf<'GET /api/attorney/lpq-requests/:id/audience'>;

/** Names shown before 'and N more': enough for a small team, short enough for a phone. */
const NAMES_SHOWN = 4;

/**
 * Why the diversity form cannot go to this firm, or null when it can (PRODUCT.md §9). The server says why;
 * the same shared texts stand in should it ever leave the reason out.
 */
export function diversityRefusalOf(audience: Audience | undefined): string | null {
  if (!audience) return null;
  if (audience.diversityRefusal) return audience.diversityRefusal;
  if (!audience.diversityAccepted) return TEAM_MESSAGES.selfIdentificationOff;
  const officers = audience.parts.find((p) => p.part === 'diversityForm')?.people ?? [];
  return officers.length ? null : TEAM_MESSAGES.noDiversityOfficer;
}

/**
 * One line under a part's tick box: 'Read by: Admin, Recruiter, Reviewer — Dana Reed, Sam Ortiz'. A long
 * list of names shows the first few and opens on request.
 */
export function AudienceLine({ audience, part }: { audience: Audience | undefined; part: ReadablePart }) {
  const [all, setAll] = useState(false);
  const entry = audience?.parts.find((p) => p.part === part);
  if (!entry) return null;
  const names = entry.people.map((p) => p.name);
  const shown = all ? names : names.slice(0, NAMES_SHOWN);
  const hidden = names.length - shown.length;
  return (
    <Text span display="block" size="xs" c="gray.7" style={{ overflowWrap: 'anywhere' }}>
      <Text span inherit fw={600}>
        Read by:
      </Text>{' '}
      {roleNames(entry.roles)} —{' '}
      {names.length === 0 ? (
        'no one at the firm holds this role yet.'
      ) : (
        <>
          {shown.join(', ')}
          {hidden > 0 && (
            <>
              {' '}
              <Anchor component="button" type="button" inherit onClick={() => setAll(true)}>
                and {hidden} more
              </Anchor>
            </>
          )}
        </>
      )}
    </Text>
  );
}

/** While the audience loads, and when it could not: the dialog works on without it. */
export function AudienceState({
  audience,
  firmName,
}: {
  audience: UseQueryResult<Audience>;
  firmName: string;
}) {
  if (audience.isLoading)
    return (
      <Group gap="xs" role="status" wrap="nowrap">
        <Loader size="xs" aria-hidden />
        <Text size="sm">Checking who at {firmName} reads each part…</Text>
      </Group>
    );
  if (audience.isError)
    return (
      <Alert color="yellow" variant="light" role="alert" title="Who reads each part could not be loaded">
        <Text size="sm">{errorMessage(audience.error, 'Please try again.')}</Text>
        <Button
          size="compact-sm"
          variant="subtle"
          px={0}
          mt={4}
          onClick={() => audience.refetch()}
          loading={audience.isFetching}
        >
          Try again
        </Button>
      </Alert>
    );
  const reviewers = audience.data?.parts.some((p) => p.roles.includes('reviewer'));
  return reviewers ? (
    <Text size="xs" c="gray.7">
      Reviewers read your package only when {firmName} assigns them to this request.
    </Text>
  ) : null;
}
