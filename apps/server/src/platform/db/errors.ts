/** PostgreSQL's SQLSTATE for a unique index refusing a row. */
const UNIQUE_VIOLATION = '23505';

const codeOf = (e: unknown) => (e && typeof e === 'object' && 'code' in e ? (e as { code: unknown }).code : undefined);

/** A unique index refused the row (on PGlite and node-postgres, directly or as drizzle's cause): two requests raced past a uniqueness check. */
export function isUniqueViolation(err: unknown): boolean {
  return codeOf(err) === UNIQUE_VIOLATION || (err instanceof Error && codeOf(err.cause) === UNIQUE_VIOLATION);
}

/** The database's own error (on PGlite and node-postgres, directly or as drizzle's cause): its SQLSTATE and text; undefined for any other failure. */
export function databaseError(err: unknown): { code: string; message: string } | undefined {
  for (const e of [err, err instanceof Error ? err.cause : undefined]) {
    const code = codeOf(e);
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && e instanceof Error) return { code, message: e.message };
  }
  return undefined;
}
