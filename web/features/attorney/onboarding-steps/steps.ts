/** Spec 2.5: the onboarding wizard's steps, in order (pages/AttorneyOnboarding); one list in shared/. */
export { ONBOARDING_STEP_TITLES as ONBOARDING_STEPS } from '@shared/onboarding-answers';
