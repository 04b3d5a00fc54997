import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
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

const dialect = new PgDialect();

/**
 * A statement written in SQL (one Drizzle's builders cannot express, such as several writes in
 * one), turned into text once and prepared on whichever database or transaction runs it:
 * postgres.js keeps it per connection by its text. Run it with `all` for the driver's own rows.
 */
export function sqlStatement(name: string, query: SQL): (db: Pick<Database, '_'>) => object {
	const built = dialect.sqlToQuery(query);
	return (db) => db._.session.prepareQuery(built, undefined, name, false);
}

/** A prepared statement of either driver: postgres.js's and PGlite's both answer `all` unmapped. */
type UnmappedStatement = { all(values?: Record<string, unknown>): Promise<unknown> };

/**
 * The rows of a prepared statement as the driver returns them, columns by their names in the
 * database and no value mapped by Drizzle.
 */
export async function unmappedRows<Row>(
	statement: object,
	values: Record<string, unknown>,
): Promise<Row[]> {
	if (!('all' in statement)) throw new TypeError('the driver cannot return unmapped rows');
	return (await (statement as UnmappedStatement).all(values)) as Row[];
}
