import type { User } from '@shared/auth';
import { users } from '../../db/schema';

/** The columns a User is made of: a session read never loads the password hash. */
export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  userType: users.userType,
  emailVerifiedAt: users.emailVerifiedAt,
};

export function toUser(row: Pick<typeof users.$inferSelect, keyof typeof userColumns>): User {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    userType: row.userType,
    emailVerified: row.emailVerifiedAt !== null,
  };
}
