/**
 * True when a statement failed on a unique index (SQLSTATE 23505), optionally a given one. Drizzle wraps
 * the driver's error, PGlite and node-postgres put the code on it, so both levels are looked at.
 */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } };
  const cause = e?.code === '23505' ? e : e?.cause?.code === '23505' ? e.cause : null;
  if (!cause) return false;
  return constraint === undefined || cause.constraint === constraint;
}

/** True when a statement failed on a foreign key (SQLSTATE 23503): the row it points at is gone. */
export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23503' || e?.cause?.code === '23503';
}
