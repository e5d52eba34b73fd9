import { describe, expect, it } from 'vitest';
import { answerRecord, POSITION_LPQ_MESSAGES } from './position-lpq';
import { missingPositionLpqAnswers } from './position-lpq-answers';
import type { FirmSpecificQuestions } from './requests';

const questions: FirmSpecificQuestions = {
  sections: [
    {
      title: 'Fit',
      questions: [
        { id: 'why', text: 'Why our firm?', type: 'textarea', required: true },
        { id: 'team', text: 'Team size', type: 'number', required: false },
      ],
    },
  ],
};

describe('missingPositionLpqAnswers: what Submit LPQ needs (PRODUCT.md §5)', () => {
  it('lists name, e-mail and each required firm question with its step and label', () => {
    expect(missingPositionLpqAnswers({ name: ' ', email: 'nope' }, answerRecord([]), questions)).toEqual([
      {
        step: 0,
        stepTitle: 'General Information',
        field: 'formData.name',
        label: 'Full Name',
        message: POSITION_LPQ_MESSAGES.nameRequired,
      },
      {
        step: 0,
        stepTitle: 'General Information',
        field: 'formData.email',
        label: 'Email',
        message: POSITION_LPQ_MESSAGES.emailRequired,
      },
      {
        step: 4,
        stepTitle: 'Firm-Specific Questions',
        field: 'firmAnswers.why',
        label: 'Why our firm?',
        message: POSITION_LPQ_MESSAGES.answerRequired,
      },
    ]);
  });

  it('finds nothing when name, e-mail and the required answers are given', () => {
    const answers = answerRecord([['why', 'Your Boston team']]);
    expect(
      missingPositionLpqAnswers({ name: 'Dana', email: 'dana@example.com' }, answers, questions),
    ).toEqual([]);
    expect(
      missingPositionLpqAnswers({ name: 'Dana', email: 'dana@example.com' }, answerRecord([]), null),
    ).toEqual([]);
  });
});
