/** The error bodies every endpoint answers with (PRODUCT.md §8). */
export const HTTP_MESSAGES = {
  unauthorized: 'Unauthorized',
  forbidden: 'Forbidden',
  notFound: 'Not Found',
  tooManyAttempts: 'Too many attempts. Please try again later.',
  badOrigin: 'Forbidden',
  invalidInput: 'Invalid input',
  internal: 'Something went wrong. Please try again.',
  payloadTooLarge: 'The request is too large.',
  nulCharacter: 'This text contains a character that is not allowed.',
} as const;

export type ApiErrorBody = { message: string; errors?: Record<string, string>; code?: string };
