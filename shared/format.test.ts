import { describe, expect, it } from 'vitest';
import { POSITION_LABELS } from './attorney';
import {
  documentTypeName,
  formatDate,
  formatFileSize,
  formatHours,
  formatMoney,
  formatNumber,
  formatOption,
  formatPercent,
  formatYesNo,
  linesOf,
} from './format';

describe('display formatters (PRODUCT.md §4)', () => {
  it('shows money with $ and commas, cents only when there are some', () => {
    expect(formatMoney(1250000)).toBe('$1,250,000');
    expect(formatMoney(1250.5)).toBe('$1,250.50');
    expect(formatMoney(0)).toBe('$0');
    expect(formatMoney('2400000')).toBe('$2,400,000');
    expect(formatMoney('$20,000 a year')).toBe('$20,000 a year');
    expect(formatMoney(null)).toBe('—');
    expect(formatMoney('', '')).toBe('');
  });

  // Issue 67 item 15: the conflicts form's Annual Billings is free text; a figure typed there reads as money
  // on the form and in every read view (the review page, the preview, the PDF), not as '910000'.
  it('reads a figure typed as text as money, grouped or not, and keeps other text as typed', () => {
    expect(formatMoney('910000')).toBe('$910,000');
    expect(formatMoney('910,000')).toBe('$910,000');
    expect(formatMoney(' $910,000 ')).toBe('$910,000');
    expect(formatMoney('$1,250.5')).toBe('$1,250.50');
    // Idempotent: the form keeps the formatted text when the field is left.
    expect(formatMoney(formatMoney('910000'))).toBe('$910,000');
    expect(formatMoney('91,00')).toBe('91,00');
    expect(formatMoney('about 900k')).toBe('about 900k');
  });

  it('says hours where the name does not (Working Attorney Time)', () => {
    expect(formatHours(640)).toBe('640 hours');
    expect(formatHours('1200')).toBe('1,200 hours');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(0.5)).toBe('0.5 hours');
    expect(formatHours(null)).toBe('—');
    expect(formatHours('', '')).toBe('');
  });

  it("reads dates as 'MMM dd, yyyy' without moving a calendar day across time zones", () => {
    expect(formatDate('2026-01-10')).toBe('Jan 10, 2026');
    expect(formatDate('2026-03-01T00:00:00.000Z')).toBe('Mar 01, 2026');
    expect(formatDate('2016-02-28T00:00:00Z')).toBe('Feb 28, 2016');
    expect(formatDate(new Date(2026, 0, 12, 15, 30))).toBe('Jan 12, 2026');
    // A moment is shown on the reader's day: the same local day as the Date it names.
    const moment = '2026-01-12T15:30:00.000Z';
    const local = new Date(moment);
    expect(formatDate(moment)).toBe(
      formatDate(new Date(local.getFullYear(), local.getMonth(), local.getDate())),
    );
    expect(formatDate(null)).toBe('—');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('keeps a calendar day in any time zone', async () => {
    const { execFileSync } = await import('node:child_process');
    const script =
      "const m = await import('./shared/format.ts'); console.log(m.formatDate('2026-01-10'), '|', m.formatDate('2026-03-01T00:00:00.000Z'))";
    for (const tz of ['America/Los_Angeles', 'Pacific/Kiritimati', 'UTC']) {
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        env: { ...process.env, TZ: tz, NODE_OPTIONS: '' },
      });
      expect(out.toString().trim(), tz).toBe('Jan 10, 2026 | Mar 01, 2026');
    }
  });

  it('shows percentages, numbers, Yes/No and enum labels, never codes', () => {
    expect(formatPercent(40)).toBe('40%');
    expect(formatPercent(12.5)).toBe('12.5%');
    expect(formatNumber(1800)).toBe('1,800');
    expect(formatYesNo(true)).toBe('Yes');
    expect(formatYesNo(false)).toBe('No');
    expect(formatYesNo('yes')).toBe('Yes');
    expect(formatYesNo(undefined)).toBe('—');
    expect(formatOption('senior_partner', POSITION_LABELS)).toBe('Senior Partner');
    expect(formatOption('toString', POSITION_LABELS)).toBe('toString');
    expect(formatOption('not_started', POSITION_LABELS)).toBe('Not started');
    expect(formatOption(null, POSITION_LABELS)).toBe('—');
  });

  it('splits free-text lists and names document types and sizes', () => {
    expect(linesOf('New York\n\n New Jersey ')).toEqual(['New York', 'New Jersey']);
    expect(linesOf(['Corporate', 'M&A'])).toEqual(['Corporate', 'M&A']);
    expect(documentTypeName('application/pdf')).toBe('PDF');
    expect(documentTypeName('application/vnd.openxmlformats-officedocument.wordprocessingml.document')).toBe(
      'Word',
    );
    expect(formatFileSize(250880)).toBe('245 KB');
    expect(formatFileSize(1_300_000)).toBe('1.2 MB');
  });
});
