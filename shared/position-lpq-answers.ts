import { POSITION_LPQ_GROUPS } from './package-labels';
import {
  FIRM_QUESTIONS_STEP,
  type FirmAnswers,
  firmAnswerErrors,
  POSITION_LPQ_STEPS,
  type PositionLpqFormData,
  positionLpqCompleteFormDataSchema,
} from './position-lpq';
import type { FirmSpecificQuestions } from './requests';

/** One answer Submit LPQ still needs, as the 'What is missing' panel lists it. */
export type PositionLpqMissingAnswer = {
  step: number;
  stepTitle: string;
  /** `formData.<field>` or `firmAnswers.<question id>`, the keys of the server's 400 errors. */
  field: string;
  label: string;
  message: string;
};

/**
 * What Submit LPQ would refuse (PRODUCT.md §5: name, e-mail and every required firm question, and
 * answers of the right type): the rule the server applies on PUT /api/lpqs/{id}/complete.
 */
export function missingPositionLpqAnswers(
  formData: PositionLpqFormData,
  firmAnswers: FirmAnswers,
  questions: FirmSpecificQuestions | null,
): PositionLpqMissingAnswer[] {
  const answers: PositionLpqMissingAnswer[] = [];
  const parsed = positionLpqCompleteFormDataSchema.safeParse(formData);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = String(issue.path[0] ?? '');
      const field = `formData.${key}`;
      if (answers.some((a) => a.field === field)) continue;
      const group = POSITION_LPQ_GROUPS.findIndex((g) => g.fields.some(([k]) => k === key));
      // The documents are on the last of the four steps, beside the references.
      const step = key === 'documents' ? POSITION_LPQ_STEPS.length - 1 : Math.max(0, group);
      const label =
        key === 'documents'
          ? 'Documents'
          : (POSITION_LPQ_GROUPS[step].fields.find(([k]) => k === key)?.[1] ?? key);
      answers.push({ step, stepTitle: POSITION_LPQ_STEPS[step], field, label, message: issue.message });
    }
  }
  const questionText = new Map(
    (questions?.sections ?? []).flatMap((s) => s.questions.map((q) => [q.id, q.text] as const)),
  );
  for (const [field, message] of Object.entries(firmAnswerErrors(questions, firmAnswers, true))) {
    const id = field.slice('firmAnswers.'.length);
    answers.push({
      step: POSITION_LPQ_STEPS.length,
      stepTitle: FIRM_QUESTIONS_STEP,
      field,
      label: questionText.get(id) ?? id,
      message,
    });
  }
  return answers.sort((a, b) => a.step - b.step);
}
