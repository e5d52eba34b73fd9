import { Stack, Text, Title } from '@mantine/core';
import { answerOf, FIRM_QUESTIONS_STEP, type FirmAnswers, type PositionLpq } from '@shared/position-lpq';
import { FirmQuestionField } from '../../../sharing/FirmQuestionField';

/** The questions the firm added for this position, section by section. */
export function FirmQuestionsStep({
  lpq,
  firmAnswers,
  errors,
  readOnly,
  onAnswer,
}: {
  lpq: PositionLpq;
  firmAnswers: FirmAnswers;
  errors: Record<string, string>;
  readOnly: boolean;
  onAnswer: (id: string, value: FirmAnswers[string]) => void;
}) {
  return (
    <Stack gap="lg">
      <Title order={2} fz="lg">
        {FIRM_QUESTIONS_STEP}
      </Title>
      <Text size="sm" c="dimmed">
        {lpq.firmName} asks these questions for this position.
      </Text>
      {lpq.firmSpecificQuestions?.sections.map((section) => (
        <Stack key={section.title} gap="md">
          <Title order={3} fz="md">
            {section.title}
          </Title>
          {section.questions.map((q) => (
            <div key={q.id} data-field={`firmAnswers.${q.id}`}>
              <FirmQuestionField
                question={q}
                value={answerOf(firmAnswers, q.id) as FirmAnswers[string] | undefined}
                error={errors[`firmAnswers.${q.id}`]}
                disabled={readOnly}
                onChange={(v) => onAnswer(q.id, v ?? null)}
              />
            </div>
          ))}
        </Stack>
      ))}
    </Stack>
  );
}
