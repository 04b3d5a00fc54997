import type { Database } from './client';

/**
 * Statements built once per database (or transaction) and then only executed: no query building
 * per request, and on PostgreSQL each connection parses and plans them once instead of sending a
 * describe round trip before every call. For hot reads with fixed shapes; a statement whose best
 * plan depends on its values (a text search) stays unprepared.
 */
export function preparedStatements<T>(build: (db: Database) => T): (db: Database) => T {
	const built = new WeakMap<Database, T>();
	return (db) => {
		let statements = built.get(db);
		if (!statements) {
			statements = build(db);
			built.set(db, statements);
		}
		return statements;
	};
}
