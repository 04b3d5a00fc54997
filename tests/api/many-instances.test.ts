import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { once } from 'node:events';
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { afterAll, describe, expect, it } from 'vitest';
import { createAppContext } from '~/app/context';
import { readServerConfig } from '~/server/config';
import { openPostgres } from '~/server/db/client';
import { projectPath } from '~/server/paths';
import { testOrigin } from '../helpers/test-server';

const databaseUrl = process.env['TEST_DATABASE_URL'];
const journal = JSON.parse(readFileSync(projectPath('drizzle/meta/_journal.json'), 'utf8')) as {
	entries: unknown[];
};

describe.skipIf(!databaseUrl)('many instances on one PostgreSQL database', () => {
	const name = `hibahin_test_${randomBytes(6).toString('hex')}`;
	const admin = postgres(databaseUrl ?? '', { max: 1, onnotice: () => {} });
	const url = new URL(databaseUrl ?? 'postgres://localhost');
	url.pathname = `/${name}`;
	const dataDirs: string[] = [];
	const config = () => {
		const dataDir = mkdtempSync(join(tmpdir(), 'hibahin-instances-'));
		dataDirs.push(dataDir);
		return readServerConfig({ DATA_DIR: dataDir, PUBLIC_URL: testOrigin, DEMO_DATA: 'off' });
	};

	afterAll(async () => {
		await admin.unsafe(`drop database if exists ${name} with (force)`);
		await admin.end();
		for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
	});

	it('start together on an empty database, and the migrations are applied once', async () => {
		await admin.unsafe(`create database ${name}`);
		const instances = await Promise.all(
			[1, 2, 3].map(() => createAppContext(config(), openPostgres(url.href))),
		);
		const check = postgres(url.href, { max: 1 });
		const applied = await check`select count(*)::int as count from drizzle.__drizzle_migrations`;
		await check.end();
		expect(applied[0]?.['count']).toBe(journal.entries.length);
		await Promise.all(instances.map((instance) => instance.database.ping()));
		await Promise.all(instances.map((instance) => instance.close()));
	});

	it('run each periodic job on one instance at a time', async () => {
		const [first, second] = [openPostgres(url.href), openPostgres(url.href)];
		let release = () => {};
		const held = new Promise<void>((resolve) => (release = resolve));
		let started = () => {};
		const running = new Promise<void>((resolve) => (started = resolve));
		const firstRun = first.runAlone('sweeper', async () => {
			started();
			await held;
		});
		await running;
		let secondRan = false;
		expect(await second.runAlone('sweeper', async () => (secondRan = true))).toBe(false);
		expect(secondRan).toBe(false);
		// Another job is not held up by this one.
		expect(await second.runAlone('reservations', async () => {})).toBe(true);
		release();
		expect(await firstRun).toBe(true);
		expect(await second.runAlone('sweeper', async () => (secondRan = true))).toBe(true);
		expect(secondRan).toBe(true);
		await Promise.all([first.close(), second.close()]);
	});

	it('run their jobs beside each other even when the pool has a single connection', async () => {
		const poolSize = process.env['DATABASE_POOL_SIZE'];
		process.env['DATABASE_POOL_SIZE'] = '1';
		const handle = openPostgres(url.href);
		if (poolSize === undefined) delete process.env['DATABASE_POOL_SIZE'];
		else process.env['DATABASE_POOL_SIZE'] = poolSize;
		// Each job holds its lock while it queries through the pool, as the maintenance jobs do.
		const query = () => handle.db.execute(sql`select 1`);
		const ran = await Promise.all(
			['clean-up', 'reservations', 'courier-orders'].map((job) => handle.runAlone(job, query)),
		);
		expect(ran).toEqual([true, true, true]);
		await handle.close();
	});
});

/** Starts a Node process that locks `dir` as the server does, and waits for its word. */
async function lockingProcess(dir: string) {
	const module = projectPath('src/server/db/data-dir-lock.ts');
	const child = spawn(
		process.execPath,
		[
			'--input-type=module',
			'-e',
			`const { lockDataDir } = await import(${JSON.stringify(module)});
			try { lockDataDir(${JSON.stringify(dir)}); console.log('locked'); }
			catch (error) { console.error(error.message); process.exit(3); }
			setInterval(() => {}, 1000);`,
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let stderr = '';
	child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
	const outcome = await Promise.race([
		once(child.stdout, 'data').then(() => 'locked' as const),
		once(child, 'exit').then(([code]) => code as number),
	]);
	return { child, outcome, stderr: () => stderr };
}

describe('the embedded data folder', () => {
	it('refuses a second process, and is taken over once the first is killed', async () => {
		const dir = mkdtempSync(join(tmpdir(), 'hibahin-lock-'));
		const first = await lockingProcess(dir);
		expect(first.outcome).toBe('locked');
		const second = await lockingProcess(dir);
		expect(second.outcome).toBe(3);
		expect(second.stderr()).toContain(`Another Hibahin process (pid ${first.child.pid}`);
		expect(second.stderr()).toContain('give this one its own DATA_DIR');
		first.child.kill('SIGKILL');
		await once(first.child, 'exit');
		const third = await lockingProcess(dir);
		expect(third.outcome).toBe('locked');
		third.child.kill('SIGKILL');
		rmSync(dir, { recursive: true, force: true });
	});
});
