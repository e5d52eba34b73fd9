import type { User } from '@shared/auth';
import type { users } from '../../db/schema';

export function toUser(row: typeof users.$inferSelect): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    emailVerified: row.emailVerifiedAt !== null,
  };
}
