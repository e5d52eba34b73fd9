import { TEAM_MESSAGES } from '@shared/team';
import { describe, expect, it } from 'vitest';
import { type Audience, diversityRefusalOf } from './PartAudience';

const audience = (diversityPeople: string[], accepted = true, refusal: string | null = null): Audience => ({
  parts: [
    { part: 'conflictsForm', roles: ['conflicts'], people: [{ name: 'Morgan Vale', roles: ['conflicts'] }] },
    {
      part: 'diversityForm',
      roles: ['diversity'],
      people: diversityPeople.map((name) => ({ name, roles: ['diversity'] })),
    },
  ],
  diversityAccepted: accepted,
  diversityRefusal: refusal,
});

/** PRODUCT.md §9: the diversity tick is disabled, with the reason, when the firm cannot receive the form. */
describe('diversityRefusalOf', () => {
  it('allows a firm that accepts and has an officer', () => {
    expect(diversityRefusalOf(audience(['Dana Reed']))).toBeNull();
  });

  it('says the server’s reason first', () => {
    expect(diversityRefusalOf(audience([], false, TEAM_MESSAGES.selfIdentificationOff))).toBe(
      TEAM_MESSAGES.selfIdentificationOff,
    );
  });

  it('falls back to the shared texts: turned off, then no officer', () => {
    expect(diversityRefusalOf(audience(['Dana Reed'], false))).toBe(TEAM_MESSAGES.selfIdentificationOff);
    expect(diversityRefusalOf(audience([]))).toBe(TEAM_MESSAGES.noDiversityOfficer);
  });

  it('waits, refusing nothing, while the audience is unknown', () => {
    expect(diversityRefusalOf(undefined)).toBeNull();
  });
});
