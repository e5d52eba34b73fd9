import { describe, expect, it } from 'vitest';
import { selfIdentificationCounts, selfIdentificationRows } from './self-identification-view';

describe('the self-identification page reads answers with the form’s labels', () => {
  it('labels each counted answer, flags included, most frequent first, in the form’s order', () => {
    const counts = selfIdentificationCounts({
      raceEthnicity: { asian: 1, decline: 2 },
      gender: { female: 2, 'non-binary': 1 },
      isMENA: { false: 3 },
      lgbtqia: {},
    });
    expect(counts.map((c) => c.key)).toEqual(['gender', 'raceEthnicity', 'isMENA', 'lgbtqia']);
    expect(counts[0]).toEqual({
      key: 'gender',
      question: 'Gender',
      total: 3,
      answers: [
        { answer: 'Female', count: 2 },
        { answer: 'Non-binary', count: 1 },
      ],
    });
    expect(counts[1].answers[0]).toEqual({ answer: 'I decline to self-identify', count: 2 });
    expect(counts[2].answers).toEqual([{ answer: 'No', count: 3 }]);
    expect(counts[3]).toMatchObject({ total: 0, answers: [] });
  });

  it('shows a shared form as labelled rows, leaving out what was not answered', () => {
    const rows = selfIdentificationRows({
      gender: 'male',
      veteranStatus: 'veteran-active',
      veteranBranch: '',
    });
    expect(rows).toEqual([
      { label: 'Gender', value: 'Male' },
      { label: 'Veteran Status', value: 'I am a veteran or currently serving' },
    ]);
    expect(selfIdentificationRows(null)).toEqual([]);
  });
});
