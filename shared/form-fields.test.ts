import { describe, expect, it } from 'vitest';
import {
  FIELD_MESSAGES,
  isIsoDate,
  isIsoDateOrDateTime,
  isoDateString,
  isSingleLineText,
  longText,
  optionalDate,
  optionalText,
  requiredDate,
  requiredText,
  singleLineText,
  TEXT_MESSAGES,
} from './form-fields';
import { LIMITS } from './limits';
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

describe('single-line and long texts (PRODUCT.md §8)', () => {
  const BIDI = ['\u202A', '\u202B', '\u202C', '\u202D', '\u202E', '\u2066', '\u2067', '\u2068', '\u2069'];
  const BREAKS = ['\n', '\r', '\r\n', '\t', '\u2028', '\u2029'];

  it('a single-line text refuses line breaks, controls and bidi overrides with a message', () => {
    const name = singleLineText().trim().min(1);
    expect(name.parse('  Dana Whitfield ')).toBe('Dana Whitfield');
    expect(name.parse('Zoë O’Brien-Łukasz 李 مرحبا 👩🏽‍⚖️')).toBe('Zoë O’Brien-Łukasz 李 مرحبا 👩🏽‍⚖️');
    for (const c of BREAKS) {
      expect(isSingleLineText(`Dana${c}Whitfield`), JSON.stringify(c)).toBe(false);
      expect(name.safeParse(`Dana${c}Whitfield`).error?.issues[0].message).toBe(TEXT_MESSAGES.singleLine);
      // Checked before trimming: a trailing break is refused too.
      expect(name.safeParse(`Dana${c}`).success).toBe(false);
    }
    for (const c of [...BIDI, '\u0000', '\u0007', '\u001B', '\u007F', '\u0085']) {
      expect(isSingleLineText(`a${c}b`), JSON.stringify(c)).toBe(false);
      expect(name.safeParse(`a${c}b`).error?.issues).toEqual([
        expect.objectContaining({ message: TEXT_MESSAGES.forbiddenCharacter }),
      ]);
    }
  });

  it('a long text keeps line breaks and tabs but refuses NUL, other controls and bidi overrides', () => {
    const text = longText();
    expect(text.parse('First line\r\nSecond\tline\n\nThird')).toBe('First line\r\nSecond\tline\n\nThird');
    for (const c of [...BIDI, '\u0000', '\u0008', '\u001B'])
      expect(text.safeParse(`a${c}b`).error?.issues[0].message, JSON.stringify(c)).toBe(
        TEXT_MESSAGES.forbiddenCharacter,
      );
  });

  it('a single-line text refuses invisible format characters (Unicode Cf), naming them', () => {
    const name = singleLineText().trim().min(1);
    // Zero-width space, byte order mark, soft hyphen, LRM, RLM, word joiner, Arabic letter mark, invisible
    // times, Mongolian vowel separator, a tag character, interlinear annotation, ZWNJ and ZWJ between Latin letters.
    const FORMAT = ['\u200B', '\uFEFF', '\u00AD', '\u200E', '\u200F', '\u2060', '\u061C', '\u2062', '\u180E'];
    for (const c of [...FORMAT, '\u{E0041}', '\uFFF9', '\u200C', '\u200D']) {
      expect(isSingleLineText(`Da${c}na`), JSON.stringify(c)).toBe(false);
      expect(name.safeParse(`Da${c}na`).error?.issues, JSON.stringify(c)).toEqual([
        expect.objectContaining({ message: TEXT_MESSAGES.invisibleCharacter }),
      ]);
      // Trimming does not hide one at either end.
      expect(name.safeParse(`${c}Dana${c}`).success, JSON.stringify(c)).toBe(false);
    }
    // Writing that needs a joiner keeps it: emoji sequences, subdivision flags, Persian, Indic conjuncts.
    for (const ok of [
      'Zoë 👩🏽‍⚖️',
      '👨‍👩‍👧‍👦 family',
      '🏳️‍🌈',
      '🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}',
      'می‌خواهم',
      'क्‍ष',
      'ന്‍',
    ]) {
      expect(isSingleLineText(ok), ok).toBe(true);
      expect(name.parse(ok)).toBe(ok);
    }
    // A long text (a textarea) is not a name: the rule is the single line's.
    expect(longText().safeParse('a\u200Bb').success).toBe(true);
  });

  it('the field builders pick the rule by length: short fields are single lines, long ones textareas', () => {
    expect(optionalText(LIMITS.shortText).safeParse('a\nb').success).toBe(false);
    expect(requiredText('Name is required', LIMITS.nameMax).safeParse('a\u202Eb').success).toBe(false);
    expect(optionalText(LIMITS.mediumText).safeParse('a\nb').success).toBe(true);
    expect(optionalText(LIMITS.longText).safeParse('a\u202Eb').success).toBe(false);
  });
});
