import { describe, expect, it } from 'vitest';
import {
  countBarPercent,
  countText,
  selfIdentificationCounts,
  selfIdentificationCountsCsvRows,
  selfIdentificationRows,
} from './self-identification-view';

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

  // Issue 67 item 12, worked by hand: of 12 forms, 7 (7/12 = 58.3% → 58%) and 5 (5/12 = 41.7% → 42%: 5 is
  // shown) are counts; 4 or 1 are 'fewer than 5', with no share and no bar. The CSV keeps the same rule.
  it('shows a count under 5 as fewer than 5, on the page and in the CSV', () => {
    const counts = selfIdentificationCounts({ gender: { female: 7, male: 5, 'non-binary': 1 } });
    expect(counts[0].total).toBe(13);
    expect(countText(7, 12)).toBe('7 (58%)');
    expect(countText(5, 12)).toBe('5 (42%)');
    expect(countText(4, 12)).toBe('fewer than 5');
    expect(countText(1, 1)).toBe('fewer than 5');
    expect(countBarPercent(1, 1)).toBe(0);
    expect(countBarPercent(6, 12)).toBe(50);
    expect(selfIdentificationCountsCsvRows(counts)).toEqual([
      ['Question', 'Answer', 'Forms'],
      ['Gender', 'Female', '7'],
      ['Gender', 'Male', '5'],
      ['Gender', 'Non-binary', 'fewer than 5'],
    ]);
  });
});
