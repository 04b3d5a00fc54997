import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openPglite } from '~/server/db/client';
import { users } from '~/server/db/schema';

const script = join(import.meta.dirname, '../../scripts/admin.mjs');
const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-admin-'));
// Each run starts the embedded database (WebAssembly) afresh: seconds each on a busy machine.
const dbTimeout = 240_000;

/** Runs `npm run admin -- …args` on a fresh embedded database; never throws. */
async function admin(...args: string[]) {
	const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
	delete env['DATABASE_URL'];
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

describe('npm run admin', () => {
	afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

	it(
		'adds, lists and removes supporters on the embedded database',
		async () => {
			const added = await admin(
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
			await admin('supporters', 'add', '--name', 'Siti', '--amount', '100000');
			const listed = await admin('supporters', 'list');
			expect(listed.stdout.trimEnd().split('\n')).toEqual([
				expect.stringMatching(/^\s+2 {2}Siti {2}Rp\s100\.000 {2}1$/),
				expect.stringMatching(
					/^\s+1 {2}Budi Santoso {2}Rp\s25\.000 {2}5 Kopi {2}"Semoga bermanfaat"$/,
				),
			]);
			expect((await admin('supporters', 'remove', '2')).stdout).toContain('Removed supporter 2');
			const missing = await admin('supporters', 'remove', '2');
			expect(missing.code).toBe(1);
			expect(missing.stderr).toContain('No supporter with id 2.');
		},
		dbTimeout,
	);

	it(
		'adds, lists and removes early supporters',
		async () => {
			await admin('early-supporters', 'add', '--name', 'Ayu', '--message', 'Dari awal!');
			await admin('early-supporters', 'add', '--name', 'Bayu');
			expect((await admin('early-supporters', 'remove', '2')).code).toBe(0);
			const listed = await admin('early-supporters', 'list');
			expect(listed.stdout).toMatch(/^\s+1 {2}Ayu {2}"Dari awal!"\n$/);
		},
		dbTimeout,
	);

	it(
		'grants and revokes the moderator role by email, and prints the audit log',
		async () => {
			expect((await admin('audit-log')).stdout).toBe('No moderation actions yet.\n');
			const database = openPglite(join(dataDir, 'db'));
			await database.db.insert(users).values({
				id: 'u-siti',
				issuer: 'http://localhost:4321/oidc',
				subject: 'u-siti',
				email: 'siti@example.com',
				name: 'Siti',
			});
			await database.close();

			const granted = await admin('grant-moderator', 'Siti@Example.com');
			expect(granted).toMatchObject({
				code: 0,
				stdout: 'Siti@Example.com (Siti) is now a moderator.\n',
			});
			expect((await admin('revoke-moderator', 'siti@example.com')).stdout).toContain(
				'is no longer a moderator',
			);
			const unknown = await admin('grant-moderator', 'nobody@example.com');
			expect(unknown.code).toBe(1);
			expect(unknown.stderr).toContain('it must sign in once first');
			expect((await admin('deletions')).stdout).toBe('No accounts are waiting to be deleted.\n');
			const log = await admin('audit-log', '--limit', '5');
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
