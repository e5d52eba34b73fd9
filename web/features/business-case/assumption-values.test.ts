import { DEFAULT_ASSUMPTIONS, resolveAssumptions } from '@shared/business-case/assumptions';
import { describe, expect, it } from 'vitest';
import { parseValues, valuesOf } from './assumption-values';

describe('the assumptions form: percentages on screen, the shared schema’s fractions in the body', () => {
  it('shows §12’s defaults as percentages and sends them back unchanged', () => {
    const values = valuesOf(DEFAULT_ASSUMPTIONS);
    expect(values.haircut).toBe(30);
    expect(values.realizationAtFirm).toBe(90);
    expect(values.recruiterFeePct).toBe(25);
    const parsed = parseValues(values);
    expect(parsed.ok && resolveAssumptions(parsed.input)).toEqual({
      ...DEFAULT_ASSUMPTIONS,
      clientHaircuts: {},
    });
  });

  it('turns 35% into 0.35 (not 0.35000000000000003), a client’s 40% into its haircut, an empty one into none', () => {
    const values = { ...valuesOf(DEFAULT_ASSUMPTIONS), haircut: 35, clientHaircuts: { '0': 40, '2': '' } };
    const parsed = parseValues(values);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;
    expect(parsed.input.haircut).toBe(0.35);
    expect(parsed.input.clientHaircuts).toEqual({ '0': 0.4 });
  });

  it('refuses what the schema refuses, in percentages, by field: nothing is sent', () => {
    const values = {
      ...valuesOf(DEFAULT_ASSUMPTIONS),
      realizationAtFirm: 150,
      teamCost: '',
      collectionLagMonths: 40,
      clientHaircuts: { '1': 120, '3': '-' },
    };
    const parsed = parseValues(values);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      realizationAtFirm: 'Must be a percentage from 0% to 100%',
      teamCost: 'Must be a number of 0 or more',
      collectionLagMonths: 'Must be a whole number of months from 0 to 36',
      'clientHaircuts.1': 'Must be a percentage from 0% to 100%',
      'clientHaircuts.3': 'Must be a percentage from 0% to 100%',
    });
  });

  it('takes a rate change below zero', () => {
    const parsed = parseValues({ ...valuesOf(DEFAULT_ASSUMPTIONS), rateChange: -10 });
    expect(parsed.ok && parsed.input.rateChange).toBe(-0.1);
  });
});
