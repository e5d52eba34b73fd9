/**
 * Issue 67 item 14: what /auth says after a session ended mid-page, naming the page sign-in goes back to
 * (the page's input is kept: forms restore their drafts, PRODUCT.md §2).
 */
const PAGE_NAMES: [RegExp, string][] = [
  [/^\/attorney\/onboarding/, 'onboarding'],
  [/^\/attorney\/dashboard/, 'your dashboard'],
  [/^\/attorney\/profile/, 'your profile'],
  [/^\/attorney\/(access-log|activity)/, 'your access log'],
  [/^\/attorney\/account/, 'your account'],
  [/^\/attorney\/master-lpq/, 'your Master LPQ'],
  [/^\/attorney\/conflicts-form/, 'your conflicts form'],
  [/^\/attorney\/diversity-form/, 'your diversity form'],
  [/^\/attorney\/business-plan/, 'your business plan'],
  // The invitation and reminder mails' link to one request (attorneyRequestLink, issue 67 item 13).
  [/^\/attorney\/lpq-requests\?(?:.*&)?request=/, 'the request'],
  [/^\/attorney\/lpq-requests/, 'your LPQ requests'],
  [/^\/lpq\//, 'the position LPQ'],
  [/^\/firm\/dashboard/, 'your dashboard'],
  [/^\/firm\/profile/, 'your firm profile'],
  [/^\/firm\/requests\/new/, 'the new invitation'],
  [/^\/firm\/requests\/[^/?]+/, 'the request'],
  [/^\/firm\/requests/, 'your requests'],
  [/^\/firm\/custom-sections/, 'your custom sections'],
  [/^\/firm\/team/, 'your team'],
  [/^\/firm\/settings/, 'your firm settings'],
  [/^\/firm\/conflicts\/[^/?]+/, 'the conflicts check'],
  [/^\/firm\/conflicts/, 'the conflicts queue'],
  [/^\/firm\/self-identification/, 'self-identification'],
  [/^\/account\/security/, 'account security'],
];

/** The page a return path leads to, in words ('your Master LPQ'); the path itself for a page not named. */
export const pageNameOf = (path: string) => PAGE_NAMES.find(([pattern]) => pattern.test(path))?.[1] ?? path;

/** 'Your session ended. Sign in to go back to PAGE; what you typed is kept.' */
export const sessionEndedMessage = (path: string) =>
  `Your session ended. Sign in to go back to ${pageNameOf(path)}; what you typed is kept.`;

/** A link opened signed out (a mail's, issue 67 item 13): 'Sign in to open the request.' No session ended. */
export const signInToOpenMessage = (path: string) => `Sign in to open ${pageNameOf(path)}.`;
