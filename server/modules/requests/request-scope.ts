import type { User } from '@shared/auth';
import { eq, type SQL, sql } from 'drizzle-orm';
import { lpqRequests } from '../../db/schema';

/**
 * The requests an attorney may see and act on: sent to their address (any letter case), and only once
 * that address is verified (PRODUCT.md §8). Returns a condition that matches nothing otherwise.
 */
export function attorneyRequestScope(user: User): SQL {
  if (user.userType !== 'attorney' || !user.emailVerified) return sql`false`;
  return sql`lower(${lpqRequests.attorneyEmail}) = ${user.email.toLowerCase()}`;
}

/** The requests a firm user sent. */
export function firmRequestScope(user: User): SQL {
  return eq(lpqRequests.firmUserId, user.id);
}
