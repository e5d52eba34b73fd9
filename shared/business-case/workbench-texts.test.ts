import { describe, expect, it } from 'vitest';
import { formatMoneyShort } from './workbench-texts';

describe("a chart axis's money", () => {
  it('reads $400K and $0, never $400.0K or $0.0 (currency would otherwise keep a decimal)', () => {
    expect(formatMoneyShort(400_000)).toBe('$400K');
    expect(formatMoneyShort(0)).toBe('$0');
    expect(formatMoneyShort(-350_000)).toBe('-$350K');
    expect(formatMoneyShort(1_250_000)).toBe('$1.3M');
  });
});
