import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createApiApp } from '~/app/api';
import { legalVersions } from '~/lib/consent';
import { readServerConfig } from '~/server/config';
import { type AppContext, createAppContext } from '~/app/context';
import { type DatabaseHandle, openPglite, openPostgres } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { databaseUrl } from './migrated-databases';

export const testOrigin = 'http://localhost:4321';

/**
 * A fresh copy of the migrated PGlite database, in memory, loaded: a suite's setup waits for the
 * copy, rather than its first test.
 */
export async function freshPglite(): Promise<DatabaseHandle> {
	const dump = readFileSync(inject('migratedPgliteDump'));
	const database = openPglite(null, { from: new Blob([dump]) });
	await database.ping();
	return database;
}

/** A fresh copy of the migrated PostgreSQL database on the server at `url`, dropped by `close()`. */
async function freshPostgres(url: string): Promise<DatabaseHandle> {
	const name = `hibahin_test_${randomBytes(6).toString('hex')}`;
	const admin = postgres(url, { max: 1, onnotice: () => {} });
	await admin.unsafe(`create database ${name} template ${inject('migratedPostgresTemplate')}`);
	const handle = openPostgres(databaseUrl(url, name));
	return {
		...handle,
		async close() {
			await handle.close();
			await admin.unsafe(`drop database if exists ${name} with (force)`);
			await admin.end();
		},
	};
}

/**
 * The databases every API suite runs on, PGlite always and PostgreSQL when configured, each a
 * copy of one migrated at the start of the run (`migrated-databases.ts`).
 */
export const testDatabases: { name: string; open: () => Promise<DatabaseHandle> }[] = [
	{ name: 'PGlite', open: freshPglite },
	...(process.env['TEST_DATABASE_URL']
		? [{ name: 'PostgreSQL', open: () => freshPostgres(process.env['TEST_DATABASE_URL']!) }]
		: []),
];

export interface TestServer {
	server: AppContext;
	/** Calls the API the way a same-origin browser would. */
	request(path: string, init?: RequestInit & { user?: TestUser | null }): Promise<Response>;
	/**
	 * A signed-in user; `complete` fills in a valid profile. Everyone has accepted the documents in
	 * force unless `consented` is false.
	 */
	createUser(options?: {
		complete?: boolean;
		phone?: string;
		name?: string;
		consented?: boolean;
	}): Promise<TestUser>;
}

export interface TestUser {
	id: string;
	cookie: string;
	token: string;
}

let phoneCounter = 0;

/** A valid, unused Indonesian mobile number. */
export function uniquePhone(): string {
	phoneCounter += 1;
	return `+62812${String(Date.now() % 1_000_000).padStart(6, '0')}${String(phoneCounter % 100).padStart(2, '0')}`;
}

/** Extra environment for a suite's server, e.g. an external OpenID issuer. */
export type TestEnv = Record<string, string> | (() => Record<string, string>);

async function startTestServer(
	database: DatabaseHandle,
	dataDir: string,
	env: TestEnv = {},
): Promise<TestServer> {
	const config = readServerConfig({
		DATA_DIR: dataDir,
		PUBLIC_URL: testOrigin,
		...(typeof env === 'function' ? env() : env),
	});
	const server = await createAppContext(config, database);
	const app = createApiApp(server);
	return {
		server,
		request(path, { user, headers, ...init } = {}) {
			const merged = new Headers(headers);
			if (user) merged.set('Cookie', user.cookie);
			// A browser sends its own origin on writes; a test may pass another one to play an attacker.
			if (init.method && init.method !== 'GET' && !merged.has('Origin')) {
				merged.set('Origin', testOrigin);
			}
			return Promise.resolve(app.request(`${testOrigin}/api${path}`, { ...init, headers: merged }));
		},
		async createUser({ complete = false, phone, name, consented = true } = {}) {
			const id = randomUUID();
			await server.db.insert(users).values({
				id,
				issuer: `${testOrigin}/oidc`,
				subject: id,
				email: `${id.slice(0, 8)}@example.com`,
				...(consented
					? {
							acceptedTermsVersion: legalVersions.terms,
							acceptedPrivacyVersion: legalVersions.privacy,
						}
					: {}),
				...(complete
					? {
							name: name ?? 'Budi Santoso',
							phone: phone ?? uniquePhone(),
							address: 'Jl. Kenanga No. 12, RT 01/RW 02',
							areaId: '31.74.07',
							areaName: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
						}
					: {}),
			});
			const token = await server.sessions.create(id, null);
			return { id, token, cookie: `hibahin_session=${token}` };
		},
	};
}

/**
 * Runs a suite once per test database, each with its own freshly migrated database and
 * data folder. `use()` gives the suite's server inside tests. `env` adds to the server's
 * environment; as a function it is read when the server starts (after outer `beforeAll` hooks).
 */
export function describeOnDatabases(
	title: string,
	suite: (use: () => TestServer) => void,
	options: { env?: TestEnv } = {},
): void {
	for (const database of testDatabases) {
		describe(`${title} (${database.name})`, () => {
			let testServer: TestServer | undefined;
			let dataDir = '';
			beforeAll(async () => {
				dataDir = mkdtempSync(join(tmpdir(), 'hibahin-test-'));
				testServer = await startTestServer(await database.open(), dataDir, options.env);
			}, 120_000);
			afterAll(async () => {
				await testServer?.server.close();
				rmSync(dataDir, { recursive: true, force: true });
			});
			suite(() => {
				if (!testServer) throw new Error('The test server did not start');
				return testServer;
			});
		});
	}
}
