import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '~/server/db/client';
import { users } from '~/server/db/schema';
import { databaseUrl } from '../helpers/migrated-databases';

const script = join(import.meta.dirname, '../../scripts/admin.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-admin-'));
// Each run on the embedded database starts it (WebAssembly) afresh: seconds each on a busy machine.
const dbTimeout = 240_000;

/**
 * The database most commands are tried on: a new one on the run's PostgreSQL server when it has
 * one (`TEST_DATABASE_URL`), which a command opens in a fraction of the embedded one's time; else
 * the embedded one. The embedded mode, the default, is tried on its own below either way.
 */
const serverUrl = process.env['TEST_DATABASE_URL'];
const serverDatabase = serverUrl
	? databaseUrl(serverUrl, `hibahin_admin_${randomBytes(4).toString('hex')}`)
	: undefined;

/** Runs `npm run admin -- …args` on the embedded database; never throws. */
async function admin(...args: string[]) {
	return adminOn(undefined, ...args);
}

/** Runs `npm run admin -- …args` on the database at `url`, or the embedded one; never throws. */
async function adminOn(url: string | undefined, ...args: string[]) {
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
	if (url) env['DATABASE_URL'] = url;
	else delete env['DATABASE_URL'];
	try {
		const { stdout, stderr } = await promisify(execFile)(process.execPath, [script, ...args], {
			env,
		});
		return { code: 0, stdout, stderr };
	} catch (error) {
		const failed = error as { code: number; stdout: string; stderr: string };
		return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
	}
}

/** `npm run admin` on the database most commands are tried on. */
const adminHere = (...args: string[]) => adminOn(serverDatabase, ...args);

/** Opens the database `adminHere` works on, as the site would. */
function openHere(): DatabaseHandle {
	return serverDatabase ? openPostgres(serverDatabase) : openPglite(join(dataDir, 'db'));
}

beforeAll(async () => {
	if (!serverUrl || !serverDatabase) return;
	const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
	await server.unsafe(`create database ${new URL(serverDatabase).pathname.slice(1)}`);
	await server.end();
});

afterAll(async () => {
	rmSync(dataDir, { recursive: true, force: true });
	if (!serverUrl || !serverDatabase) return;
	const server = postgres(serverUrl, { max: 1, onnotice: () => {} });
	await server.unsafe(
		`drop database if exists ${new URL(serverDatabase).pathname.slice(1)} with (force)`,
	);
	await server.end();
});

describe('npm run admin', () => {
	it(
		'keeps supporters in the embedded database from one run to the next',
		async () => {
			expect(
				(await admin('supporters', 'add', '--name', 'Ayu', '--amount', '5000')).stdout,
			).toMatch(/Added supporter 1: Ayu, Rp\s5\.000\./);
			expect((await admin('supporters', 'list')).stdout).toMatch(
				/^\s+1 {2}Ayu {2}Rp\s5\.000 {2}1\n$/,
			);
		},
		dbTimeout,
	);

	it(
		'adds, lists and removes supporters',
		async () => {
			const added = await adminHere(
				'supporters',
				'add',
				'--name',
				'Budi Santoso',
				'--amount',
				'25.000',
				'--quantity',
				'5',
				'--unit',
				'Kopi',
				'--message',
				'Semoga bermanfaat',
			);
			expect(added).toMatchObject({ code: 0 });
			expect(added.stdout).toMatch(/Added supporter 1: Budi Santoso, Rp\s25\.000\./);
			await adminHere('supporters', 'add', '--name', 'Siti', '--amount', '100000');
			const listed = await adminHere('supporters', 'list');
			expect(listed.stdout.trimEnd().split('\n')).toEqual([
				expect.stringMatching(/^\s+2 {2}Siti {2}Rp\s100\.000 {2}1$/),
				expect.stringMatching(
					/^\s+1 {2}Budi Santoso {2}Rp\s25\.000 {2}5 Kopi {2}"Semoga bermanfaat"$/,
				),
			]);
			expect((await adminHere('supporters', 'remove', '2')).stdout).toContain(
				'Removed supporter 2',
			);
			const missing = await adminHere('supporters', 'remove', '2');
			expect(missing.code).toBe(1);
			expect(missing.stderr).toContain('No supporter with id 2.');
		},
		dbTimeout,
	);

	it(
		'adds, lists and removes early supporters',
		async () => {
			await adminHere('early-supporters', 'add', '--name', 'Ayu', '--message', 'Dari awal!');
			await adminHere('early-supporters', 'add', '--name', 'Bayu');
			expect((await adminHere('early-supporters', 'remove', '2')).code).toBe(0);
			const listed = await adminHere('early-supporters', 'list');
			expect(listed.stdout).toMatch(/^\s+1 {2}Ayu {2}"Dari awal!"\n$/);
		},
		dbTimeout,
	);

	it(
		'grants and revokes the moderator role by email, and prints the audit log',
		async () => {
			expect((await adminHere('audit-log')).stdout).toBe('No moderation actions yet.\n');
			const database = openHere();
			await database.db.insert(users).values({
				id: 'u-siti',
				issuer: 'http://localhost:4321/oidc',
				subject: 'u-siti',
				email: 'siti@example.com',
				name: 'Siti',
			});
			await database.close();

			const granted = await adminHere('grant-moderator', 'Siti@Example.com');
			expect(granted).toMatchObject({
				code: 0,
				stdout: 'Siti@Example.com (Siti) is now a moderator.\n',
			});
			expect((await adminHere('revoke-moderator', 'siti@example.com')).stdout).toContain(
				'is no longer a moderator',
			);
			const unknown = await adminHere('grant-moderator', 'nobody@example.com');
			expect(unknown.code).toBe(1);
			expect(unknown.stderr).toContain('it must sign in once first');
			expect((await adminHere('deletions')).stdout).toBe(
				'No accounts are waiting to be deleted.\n',
			);
			const log = await adminHere('audit-log', '--limit', '5');
			expect(log.stdout.trimEnd().split('\n')).toEqual([
				expect.stringMatching(/^\s+2 {2}\S+Z {2}admin-cli {2}revokeModerator {2}user:u-siti$/),
				expect.stringMatching(/^\s+1 {2}\S+Z {2}admin-cli {2}grantModerator {2}user:u-siti$/),
			]);
		},
		dbTimeout,
	);

	it.each([
		[['grant-moderator'], 'Give the email of the account.'],
		[['audit-log', '--name', 'x'], 'does not take --name'],
		[['supporters', 'add', '--amount', '5000'], '--name is required.'],
		[['supporters', 'add', '--name', 'A', '--amount', '0'], '--amount must be a whole number'],
		[['supporters', 'add', '--name', 'A', '--amount', '12,5'], '--amount must be a whole number'],
		[['early-supporters', 'add', '--name', 'A', '--amount', '5'], 'does not take --amount'],
		[['supporters', 'remove', 'abc'], 'remove needs the numeric id'],
		[['supporters', 'frob'], 'Unknown command "supporters frob"'],
		[['supporters', 'list', '--bogus'], "Unknown option '--bogus'"],
	])('explains a mistake in %j with the usage text and exit code 2', async (args, message) => {
		const result = await admin(...args);
		expect(result.code).toBe(2);
		expect(result.stderr).toContain(message);
		expect(result.stderr).toContain('Usage: npm run admin -- <command>');
	});

	it('prints the usage, with the embedded database caution, when asked', async () => {
		const help = await admin('--help');
		expect(help.code).toBe(0);
		expect(help.stdout).toContain('supporters add --name <name> --amount <rupiah>');
		expect(help.stdout).toContain('can be opened by one process only');
	});
});
