/** The rows of a raw `db.execute()` result: PGlite wraps them in `{ rows }`, postgres-js does not. */
export function rowsOf<T>(result: unknown): T[] {
	if (Array.isArray(result)) return result as T[];
	return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/** A JSON column of a raw row: parsed by the driver already (postgres.js, PGlite), or text to parse. */
export function jsonValue<T>(value: T | string): T {
	return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * A timestamp of a raw row, as PostgreSQL writes it (`2026-11-23 18:00:38.595+00`), in the
 * API's ISO form: what `Date.prototype.toISOString` gives (UTC, milliseconds, the rest cut).
 * Text in UTC, what sessions in UTC read, is rewritten in place; other time zones go through
 * `Date`.
 */
export function isoTimestamp(text: string): string {
	const inUtc = text.length >= 22 && text.endsWith('+00') && text[10] === ' ';
	const fraction = text[19] === '.' ? text.slice(20, -3) : text[19] === '+' ? '' : undefined;
	if (!inUtc || fraction === undefined) return new Date(text).toISOString();
	return `${text.slice(0, 10)}T${text.slice(11, 19)}.${fraction.padEnd(3, '0').slice(0, 3)}Z`;
}
