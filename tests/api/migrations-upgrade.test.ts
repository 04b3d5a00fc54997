/**
 * A database made by an earlier release is brought up to date: every migration written since is
 * applied, although the journal's dates are not in order (Drizzle's own migrator, which older
 * releases ran, skips a migration dated before the last one it applied).
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQL, sql } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { describe, expect, it, onTestFinished } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '~/server/db/client';
import { projectPath } from '~/server/paths';
import { databaseUrl } from '../helpers/migrated-databases';
import { migrationsBefore } from '../helpers/migrations';

/** The release before needs: its last migration was 0022. */
const firstMissing = '0023_needs_organisations_drives';
const journalLength = (
	JSON.parse(readFileSync(projectPath('drizzle/meta/_journal.json'), 'utf8')) as {
		entries: unknown[];
	}
).entries.length;

/** What an older release's database holds, by the release's own migrator, with one person. */
const olderRelease = {
	async pglite(): Promise<DatabaseHandle> {
		const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-upgrade-'));
		onTestFinished(() => rmSync(dataDir, { recursive: true, force: true }));
		const client = new PGlite({ dataDir, extensions: { pg_trgm } });
		await migratePglite(drizzlePglite(client), {
			migrationsFolder: migrationsBefore(firstMissing),
		});
		await client.exec(`insert into users (id, issuer, subject) values ('rina', 'test', 'rina')`);
		await client.close();
		return openPglite(dataDir);
	},
	async postgres(serverUrl: string): Promise<DatabaseHandle> {
		const name = `hibahin_upgrade_${Date.now().toString(36)}`;
		const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
		await server.unsafe(`create database ${name}`);
		onTestFinished(async () => {
			await server.unsafe(`drop database if exists ${name} with (force)`);
			await server.end();
		});
		const url = databaseUrl(serverUrl, name);
		const client = postgres(url, { max: 1, onnotice: () => {} });
		await migratePostgres(drizzlePostgres(client), {
			migrationsFolder: migrationsBefore(firstMissing),
		});
		await client.unsafe(`insert into users (id, issuer, subject) values ('rina', 'test', 'rina')`);
		await client.end();
		return openPostgres(url);
	},
};

const kinds: [string, () => Promise<DatabaseHandle>][] = [
	['PGlite', () => olderRelease.pglite()],
	...(process.env['TEST_DATABASE_URL']
		? [['PostgreSQL', () => olderRelease.postgres(process.env['TEST_DATABASE_URL']!)] as const]
		: []),
] as [string, () => Promise<DatabaseHandle>][];

/** A raw query's rows, on either database. */
async function rows<Row>(database: DatabaseHandle, query: SQL): Promise<Row[]> {
	const result: unknown = await database.db.execute(query);
	return Array.isArray(result) ? (result as Row[]) : (result as { rows: Row[] }).rows;
}

for (const [kind, open] of kinds) {
	describe(`Upgrading an older release's database (${kind})`, () => {
		it('applies every migration written since, keeps the data, and then has nothing to do', async () => {
			const database = await open();
			try {
				await database.migrate();
				const count = async () =>
					Number(
						(
							await rows<{ count: string }>(
								database,
								sql`select count(*) from drizzle.__drizzle_migrations`,
							)
						)[0]!.count,
					);
				expect(await count()).toBe(journalLength);
				expect(
					await rows(
						database,
						sql`select to_regclass('needs') as needs, to_regclass('drives') as drives,
							to_regclass('users_gone_idx') as gone`,
					),
				).toEqual([{ needs: 'needs', drives: 'drives', gone: 'users_gone_idx' }]);
				const people = await database.db.query.users.findMany({ columns: { id: true } });
				expect(people).toEqual([{ id: 'rina' }]);

				await database.migrate();
				expect(await count()).toBe(journalLength);
			} finally {
				await database.close();
			}
		}, 120_000);
	});
}
