import { expect, it } from 'vitest';
import { pageNameOf, sessionEndedMessage } from './session-ended';

// Issue 67 item 14: /auth says why you are there after a session ended.
it('names the page sign-in goes back to', () => {
  expect(sessionEndedMessage('/attorney/master-lpq?step=3')).toBe(
    'Your session ended. Sign in to go back to your Master LPQ; what you typed is kept.',
  );
  expect(pageNameOf('/firm/requests/6b1f2c9e-0000-4000-8000-000000000000')).toBe('the request');
  expect(pageNameOf('/firm/requests')).toBe('your requests');
  expect(pageNameOf('/firm/requests/new')).toBe('the new invitation');
  expect(pageNameOf('/somewhere/else')).toBe('/somewhere/else');
});
