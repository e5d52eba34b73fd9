// Apart from shared/auth.ts (which re-exports them): the signed-in header names the account's type
// without loading the auth schemas, and zod, with a page's first code.

export const USER_TYPES = ['attorney', 'firm'] as const;
export type UserType = (typeof USER_TYPES)[number];
export const USER_TYPE_LABELS: Record<UserType, string> = { attorney: 'Attorney', firm: 'Law Firm' };
