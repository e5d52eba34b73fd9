import { expect, it } from 'vitest';
import { pageNameOf, sessionEndedMessage, signInToOpenMessage } from './session-ended';

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

// Issue 67 item 13: the mails' link to one request, opened signed out, says where sign-in leads.
it('names a mailed request link as the request, and says sign-in opens it', () => {
  const link = '/attorney/lpq-requests?request=6b1f2c9e-0000-4000-8000-000000000000';
  expect(pageNameOf(link)).toBe('the request');
  expect(signInToOpenMessage(link)).toBe('Sign in to open the request.');
  expect(pageNameOf('/attorney/lpq-requests?page=2')).toBe('your LPQ requests');
  expect(sessionEndedMessage(link)).toBe(
    'Your session ended. Sign in to go back to the request; what you typed is kept.',
  );
});
