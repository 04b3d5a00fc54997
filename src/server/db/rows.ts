/** The rows of a raw `db.execute()` result: PGlite wraps them in `{ rows }`, postgres-js does not. */
export function rowsOf<T>(result: unknown): T[] {
	if (Array.isArray(result)) return result as T[];
	return ((result as { rows?: T[] }).rows ?? []) as T[];
}
