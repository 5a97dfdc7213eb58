/** Rows of a raw `db.execute` result; drizzle's pg and PGlite drivers both answer `{ rows }`. */
export const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;
