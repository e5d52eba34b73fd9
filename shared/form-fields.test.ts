import { describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  isIsoDate,
  isIsoDateOrDateTime,
  isoDateString,
  optionalDate,
  requiredDate,
} from './form-fields';
import { createLpqRequestSchema, REQUEST_MESSAGES } from './requests';

const IMPOSSIBLE = ['2099-02-31', '2021-13-40', '2023-02-29', '2021-00-10', '2021-04-31', '0000-00-00'];

describe('calendar dates (PRODUCT.md §8)', () => {
  it('accepts real dates, leap days included', () => {
    for (const d of ['2024-02-29', '2000-02-29', '2099-12-31', '1999-01-01'])
      expect(isIsoDate(d), d).toBe(true);
  });

  it.each(IMPOSSIBLE)('refuses %s everywhere a yyyy-mm-dd string is accepted', (d) => {
    expect(isIsoDate(d)).toBe(false);
    expect(isoDateString().safeParse(d).success).toBe(false);
    expect(optionalDate().safeParse(d).success).toBe(false);
    expect(requiredDate('Date is required').safeParse(d).error?.issues[0].message).toBe(
      FIELD_MESSAGES.invalidDate,
    );
    expect(isIsoDateOrDateTime(d)).toBe(false);
    expect(isIsoDateOrDateTime(`${d}T00:00:00.000Z`)).toBe(false);
  });

  it('refuses other shapes: wrong format, trailing text, a date-time where a date is asked', () => {
    for (const d of ['2024-2-01', '20240201', '2024-02-01 ', '2024-02-01T00:00:00Z', '', 'today'])
      expect(isIsoDate(d), d).toBe(false);
    expect(isIsoDateOrDateTime('2024-02-01T12:00:00.000Z')).toBe(true);
    expect(isIsoDateOrDateTime('2024-02-01Tjunk')).toBe(false);
  });

  it('the invitation due date answers the field’s own message', () => {
    const base = { attorneyEmail: 'a@example.com', positionTitle: 'P', practiceArea: 'Tax' };
    const res = createLpqRequestSchema.safeParse({ ...base, dueDate: '2099-02-31' });
    expect(res.error?.issues).toEqual([
      expect.objectContaining({ path: ['dueDate'], message: REQUEST_MESSAGES.dueDateFormat }),
    ]);
    expect(createLpqRequestSchema.safeParse({ ...base, dueDate: '2099-02-28' }).success).toBe(true);
  });
});
