import type { InjectOptions } from 'fastify';
import type { Actor } from '../../test/factories';
import type { TestApp } from '../../test/harness';

// The shared setup of the attorney.*.test.ts suites.

/** Calls on one test app: `as(actor)` is the actor's cookie header. */
export function attorneyCalls(t: () => TestApp) {
  const inject = (opts: InjectOptions) => t().app.inject(opts);
  const as = (actor: Actor) => ({ cookie: actor.cookie });
  const get = (actor: Actor, url: string) => inject({ method: 'GET', url, headers: as(actor) });
  const putProfile = (actor: Actor, payload: object) =>
    inject({ method: 'PUT', url: '/api/attorney/profile', headers: as(actor), payload });
  return { inject, as, get, putProfile };
}

/** Every field of an attorney profile, filled in. */
export const fullProfile = {
  phone: '+1 212 555 0199',
  currentFirm: 'Brook Partners',
  position: 'senior_associate',
  yearsExperience: 7,
  lawSchool: 'Columbia Law School',
  graduationYear: 2016,
  barAdmissions: 'New York\nNew Jersey',
  practiceAreas: ['Litigation', 'M&A'],
  resumeUrl: '/objects/00000000-0000-4000-8000-000000000009',
  gender: 'female',
  ethnicity: 'two_or_more',
  isLgbtqia: false,
  isVeteran: true,
  hasDisability: false,
  militaryBranch: 'Army',
  militaryRank: 'Captain',
  yearsOfService: 4,
  dischargeDate: '2012-03-15T00:00:00.000Z',
};
