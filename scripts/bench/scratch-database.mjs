// A benchmark's own PostgreSQL database: created on the server `adminUrl` names (the
// BENCH_DATABASE_URL of api-settings.mjs), with a folder for the app's files beside it, and
// dropped again whatever happens.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { adminUrl } from './api-settings.mjs';

/**
 * Creates a database with a random name and a folder named after `name`, and a client of
 * `connections` connections to the database; `undo` (undo-list.mjs) drops and removes them.
 * @param {{ name: string, connections: number, log: (line?: string) => void,
 *   undo: { add: (step: () => Promise<unknown>) => void } }} options
 * @returns {Promise<{ databaseUrl: string, version: string, dataDir: string,
 *   client: import('postgres').Sql }>}
 */
export async function scratchDatabase({ name, connections, log, undo }) {
	const databaseName = `hibahin_bench_${randomBytes(6).toString('hex')}`;
	const url = new URL(adminUrl);
	url.pathname = `/${databaseName}`;
	const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
	undo.add(() => admin.end({ timeout: 5 }));
	const [{ version }] = await admin`select current_setting('server_version') as version`;
	await admin.unsafe(`create database ${databaseName}`);
	// `with (force)` ends connections a killed server may have left behind.
	undo.add(() => admin.unsafe(`drop database if exists ${databaseName} with (force)`));
	log(`PostgreSQL ${version}: database ${databaseName}`);
	const dataDir = await mkdtemp(path.join(tmpdir(), `hibahin-bench-${name}-`));
	undo.add(() => rm(dataDir, { recursive: true, force: true }));
	const client = postgres(url.href, { max: connections, onnotice: () => {} });
	undo.add(() => client.end({ timeout: 5 }));
	return { databaseUrl: url.href, version, dataDir, client };
}

/**
 * What `seed` (api-seed.mjs) needs of a database: its migrations from `root`, statements, rows.
 * @param {string} root
 * @param {import('postgres').Sql} client
 */
export function seedTarget(root, client) {
	return {
		migrate: () =>
			migratePostgres(drizzlePostgres(client), { migrationsFolder: path.join(root, 'drizzle') }),
		/** @param {string} text */
		exec: (text) => client.unsafe(text),
		/** @param {string} text */
		all: (text) => client.unsafe(text).values(),
	};
}
