import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { createServer } from 'node:net';
import postgres from 'postgres';
import { afterAll } from 'vitest';
import { drizzle } from 'drizzle-orm/postgres-js';
import { databaseSessionStore, type SessionStore } from '~/server/auth/sessions';
import type { Database } from '~/server/db/client';
import * as schema from '~/server/db/schema';
import { projectPath } from '~/server/paths';

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
	const probe = createServer().listen(0, '127.0.0.1');
	await once(probe, 'listening');
	const { port } = probe.address() as { port: number };
	probe.close();
	return port;
}

/** Every server a suite started: a failed test must not leave one running. */
const started = new Set<ChildProcess>();
afterAll(() => {
	for (const child of started) if (child.exitCode === null) child.kill('SIGKILL');
});

/** A running `node server/start.mjs`, with what it printed. */
export interface AppProcess {
	url: string;
	child: ChildProcess;
	output: () => string;
	/** Resolves with the exit code once the process has ended. */
	exited: Promise<number | null>;
}

/**
 * Starts the built server (`npm run build` first) with `env`, on `env.PORT` or a free port;
 * `ready` waits for `/readyz`.
 */
export async function startApp(
	env: Record<string, string>,
	{ ready = true }: { ready?: boolean } = {},
): Promise<AppProcess> {
	const port = env['PORT'] ? Number(env['PORT']) : await freePort();
	const url = `http://127.0.0.1:${port}`;
	const child = spawn(process.execPath, [projectPath('server/start.mjs')], {
		env: {
			...process.env,
			PORT: String(port),
			HOST: '127.0.0.1',
			PUBLIC_URL: url,
			DEMO_DATA: 'off',
			...env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	started.add(child);
	let output = '';
	child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
	const exited = once(child, 'exit').then(([code]) => code as number | null);
	const app = { url, child, output: () => output, exited };
	if (!ready) return app;
	let gone = false;
	void exited.then(() => (gone = true));
	while (!gone) {
		const answer = await fetch(`${url}/readyz`).catch(() => null);
		if (answer?.status === 200) return app;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error(`The server exited before it was ready:\n${output}`);
}

/** A fresh PostgreSQL database on the server at `serverUrl`, and its drop. */
export async function freshDatabase(serverUrl: string) {
	const name = `hibahin_scale_${randomBytes(6).toString('hex')}`;
	const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
	await admin.unsafe(`create database ${name}`);
	const url = new URL(serverUrl);
	url.pathname = `/${name}`;
	const client = postgres(url.href, { max: 2, onnotice: () => {} });
	const db = drizzle(client, { schema }) as unknown as Database;
	return {
		url: url.href,
		db,
		client,
		async drop() {
			await client.end();
			await admin.unsafe(`drop database if exists ${name} with (force)`);
			await admin.end();
		},
	};
}

/**
 * A user with a complete profile and a session cookie, written straight to the database and to
 * the sessions the server reads (`sessions`: Redis when it runs with REDIS_URL).
 */
export async function signedInUser(
	db: Database,
	issuer: string,
	sessions: SessionStore = databaseSessionStore(db),
): Promise<{ id: string; token: string; cookie: string }> {
	const id = randomUUID();
	await db.insert(schema.users).values({
		id,
		issuer,
		subject: id,
		email: `${id.slice(0, 8)}@example.com`,
		name: 'Budi Santoso',
		phone: `+62812${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
		address: 'Jl. Kenanga No. 12, RT 01/RW 02',
		areaId: '31.74.07',
		areaName: 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
	});
	const token = await sessions.create(id, null);
	return { id, token, cookie: `hibahin_session=${token}` };
}
