/**
 * Vitest's global setup for the API suites: the migrations run once per test run, into one database
 * of each kind, and every suite starts from a copy of it (`test-server.ts`) rather than migrating
 * its own. On PGlite the copy is of the migrated data folder, saved as a tar file; on PostgreSQL
 * (`TEST_DATABASE_URL`) it is `create database … template`, from a template dropped at the end.
 * Made here, in the one process that starts the test workers, no two workers race to make it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '~/server/db/client';

declare module 'vitest' {
	export interface ProvidedContext {
		/** A migrated PGlite data folder, as `dump()` writes it. */
		migratedPgliteDump: string;
		/** A migrated PostgreSQL database to copy, on the server of `TEST_DATABASE_URL`, or ''. */
		migratedPostgresTemplate: string;
	}
}

/** `url` with its database replaced by `name`. */
export function databaseUrl(url: string, name: string): string {
	const target = new URL(url);
	target.pathname = `/${name}`;
	return target.href;
}

async function dumpMigratedPglite(file: string): Promise<void> {
	const database = openPglite(null);
	await database.migrate();
	writeFileSync(file, Buffer.from(await (await database.dump!()).arrayBuffer()));
	await database.close();
}

/** Creates and migrates the template; the returned function drops it. */
async function createPostgresTemplate(url: string, name: string): Promise<() => Promise<void>> {
	const admin = postgres(url, { max: 1, onnotice: () => {} });
	await admin.unsafe(`create database ${name}`);
	const template = openPostgres(databaseUrl(url, name));
	await template.migrate();
	// A database with a connection open cannot be copied.
	await template.close();
	return async () => {
		await admin.unsafe(`drop database if exists ${name} with (force)`);
		await admin.end();
	};
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
	const dir = mkdtempSync(join(tmpdir(), 'hibahin-migrated-'));
	const pgliteDump = join(dir, 'pglite.tar.gz');
	await dumpMigratedPglite(pgliteDump);
	project.provide('migratedPgliteDump', pgliteDump);

	const url = process.env['TEST_DATABASE_URL'];
	const template = url ? `hibahin_template_${randomBytes(6).toString('hex')}` : '';
	const dropTemplate = url ? await createPostgresTemplate(url, template) : async () => {};
	project.provide('migratedPostgresTemplate', template);

	return async () => {
		await dropTemplate();
		rmSync(dir, { recursive: true, force: true });
	};
}
