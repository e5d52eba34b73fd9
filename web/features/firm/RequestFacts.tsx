import { Alert, Box, Paper, Stack, Text, Title } from '@mantine/core';
import { QUESTION_TYPE_LABELS } from '@shared/request-status';
import type { FirmRequestDetail as Detail } from '@shared/requests';
import { IconLock } from '@tabler/icons-react';
import { REVOKED_CONSEQUENCE, revocationNotice } from './revocation';

/** How the firm lost access: the attorney revoked it, or the access period the attorney set ended. */
export function RevokedNotice({ request }: { request: Detail }) {
  const notice = revocationNotice(request);
  return (
    <Alert color="red" variant="light" icon={<IconLock aria-hidden />} title={notice.title}>
      <Stack gap={6}>
        <Text size="sm" fw={500}>
          {notice.text}
        </Text>
        <Text size="sm">{REVOKED_CONSEQUENCE}</Text>
      </Stack>
    </Alert>
  );
}

/** The firm-specific questions the request asked, by section, with their type and whether required. */
export function FirmQuestionsCard({ request }: { request: Detail }) {
  const questions = request.firmSpecificQuestions?.sections ?? [];
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} miw={0}>
      <Title order={2} fz="h4" mb="md">
        Firm-Specific Questions
      </Title>
      {questions.length ? (
        <Stack gap="sm">
          {questions.map((s) => (
            <Box key={s.title}>
              <Text fw={600} size="sm">
                {s.title}
              </Text>
              {s.questions.map((q) => (
                <Text key={q.id} size="sm" c="dimmed">
                  {q.text} · {QUESTION_TYPE_LABELS[q.type]}
                  {q.required ? ' · Required' : ''}
                </Text>
              ))}
            </Box>
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" size="sm">
          This request has no firm-specific questions.
        </Text>
      )}
    </Paper>
  );
}
