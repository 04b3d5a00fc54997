import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** The table where Drizzle records the migrations applied, as its own migrator makes it. */
const recordTable = sql`drizzle.__drizzle_migrations`;

type Migratable = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/** The rows of a raw query's result: PGlite wraps them, postgres.js answers them as they are. */
function rowsOf<Row>(result: unknown): Row[] {
	return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

/**
 * Applies, in one transaction and in the journal's order, every migration of `folder` that the
 * database has not recorded. Drizzle's own migrator applies only the migrations dated after the
 * last one it applied, and the journal's dates are not in order (0008–0012 carry later dates than
 * those after them), so a database migrated before a migration was written would never get it.
 * A migration counts as applied when its hash or its date is recorded, so a file reworded after
 * it ran, which keeps its date, is not applied again. The records are Drizzle's, so either
 * migrator reads what the other wrote.
 */
export async function applyMigrations(db: Migratable, folder: string): Promise<void> {
	const migrations = readMigrationFiles({ migrationsFolder: folder });
	await db.execute(sql`create schema if not exists drizzle`);
	await db.execute(
		sql`create table if not exists ${recordTable} (id serial primary key, hash text not null, created_at bigint)`,
	);
	const recorded = rowsOf<{ hash: string; created_at: string | number }>(
		await db.execute(sql`select hash, created_at from ${recordTable}`),
	);
	const hashes = new Set(recorded.map((row) => row.hash));
	const dates = new Set(recorded.map((row) => Number(row.created_at)));
	const pending = migrations.filter(
		(migration) => !hashes.has(migration.hash) && !dates.has(migration.folderMillis),
	);
	if (pending.length === 0) return;
	await db.transaction(async (tx) => {
		for (const migration of pending) {
			for (const statement of migration.sql) await tx.execute(sql.raw(statement));
			await tx.execute(
				sql`insert into ${recordTable} (hash, created_at) values (${migration.hash}, ${migration.folderMillis})`,
			);
		}
	});
}
