import type { User } from '@shared/auth';
import type { Placeholder, SQL } from 'drizzle-orm';
import { sql } from 'drizzle-orm';
import { lpqRequests } from '../db/schema';

/**
 * An attorney may see and act on the requests sent to their address (any letter case), and only once
 * that address is verified (PRODUCT.md §8).
 */
export const mayActOnRequests = (user: User) => user.userType === 'attorney' && user.emailVerified;

/** Requests sent to this lower-cased address: a value, or a placeholder in a prepared statement. */
export const sentToAddress = (lowerCaseEmail: string | Placeholder) =>
  sql`lower(${lpqRequests.attorneyEmail}) = ${lowerCaseEmail}`;

/** The requests an attorney may see and act on; a condition that matches nothing if they may not. */
export function attorneyRequestScope(user: User): SQL {
  if (!mayActOnRequests(user)) return sql`false`;
  return sentToAddress(user.email.toLowerCase());
}

/** The requests sent by this firm user: an id, or a placeholder in a prepared statement. */
export const sentByFirm = (firmUserId: string | Placeholder) =>
  sql`${lpqRequests.firmUserId} = ${firmUserId}`;

/** The requests a firm user sent. */
export function firmRequestScope(user: User): SQL {
  return sentByFirm(user.id);
}
