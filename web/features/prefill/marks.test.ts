import { describe, expect, it } from 'vitest';
import { marksOf, prefillMark, withMark } from './marks';

describe('prefill marks', () => {
  const marks = marksOf({
    values: { generalInfo: { name: 'Casey Nguyen' }, practiceAreas: ['Corporate'] },
    prefilled: { 'generalInfo.name': 'registration', practiceAreas: 'profile' },
  });

  it('remember each prefilled field’s value and source', () => {
    expect(marks).toEqual({
      'generalInfo.name': { source: 'registration', value: 'Casey Nguyen' },
      practiceAreas: { source: 'profile', value: ['Corporate'] },
    });
  });

  it('show while the field holds its prefilled value, and not once it is edited', () => {
    expect(prefillMark(marks, 'generalInfo.name', 'Casey Nguyen')).not.toBeNull();
    expect(prefillMark(marks, 'practiceAreas', ['Corporate'])).not.toBeNull();
    expect(prefillMark(marks, 'generalInfo.name', 'Casey N.')).toBeNull();
    expect(prefillMark(marks, 'practiceAreas', ['Corporate', 'Tax'])).toBeNull();
    expect(prefillMark(marks, 'generalInfo.email', 'x')).toBeNull();
    expect(prefillMark(undefined, 'generalInfo.name', 'Casey Nguyen')).toBeNull();
  });

  it('keep a field’s own description and add the mark under it', () => {
    expect(withMark('One per line', null)).toBe('One per line');
    expect(withMark(undefined, 'mark')).toBe('mark');
  });
});
