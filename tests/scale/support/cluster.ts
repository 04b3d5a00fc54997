import { type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request, type APIRequestContext } from '@playwright/test';
import { Redis } from 'ioredis';
import { makeCertificate, proxyConfiguration, runNginx } from '../../../scripts/nginx.mjs';
import { startS3Server } from '../../helpers/s3-server';
import { type AppProcess, freePort, freshDatabase, startApp } from './app-process';

/**
 * The scale suite's own Redis database (by number): the site counts sign-ups per address, and
 * behind the proxy every visitor has the proxy's address; other suites' counters stay apart.
 * Nothing is flushed: every key the site writes expires by itself.
 */
const redisDatabase = 11;

export interface ClusterOptions {
	databaseServerUrl: string;
	redisUrl: string;
	instances: number;
	/** The proxy's port, the instances on the next ones; free ports when unset. */
	basePort?: number | undefined;
}

/**
 * The site as deployed on many machines, on this one: a fresh PostgreSQL database, Redis, an S3
 * server (s3rver), `instances` processes of the built server sharing them, and nginx in front
 * with TLS at PUBLIC_URL, taking the instances in turn.
 */
export async function startCluster(options: ClusterOptions) {
	const dir = mkdtempSync(join(tmpdir(), 'hibahin-scale-'));
	const ports = await Promise.all(
		Array.from({ length: options.instances + 1 }, (_, index) =>
			options.basePort ? options.basePort + index : freePort(),
		),
	);
	const [proxyPort, ...appPorts] = ports as [number, ...number[]];
	const publicUrl = `https://127.0.0.1:${proxyPort}`;
	const redisUrl = new URL(options.redisUrl);
	redisUrl.pathname = `/${redisDatabase}`;

	const database = await freshDatabase(options.databaseServerUrl);
	const s3 = await startS3Server();
	const proxyDir = join(dir, 'proxy');
	makeCertificate(proxyDir);
	const certificate = join(proxyDir, 'cert.pem');
	// Together, as a deploy starts them: the migrations' lock lets one migrate at a time.
	const apps = await Promise.all(
		appPorts.map((port, index) =>
			startApp({
				PORT: String(port),
				PUBLIC_URL: publicUrl,
				TRUST_PROXY: 'true',
				// Each instance signs visitors in at its own provider, through the proxy.
				NODE_EXTRA_CA_CERTS: certificate,
				DATABASE_URL: database.url,
				REDIS_URL: redisUrl.href,
				DATA_DIR: join(dir, `instance-${index + 1}`),
				...s3.env,
			}),
		),
	);
	const nginx: ChildProcess = runNginx(
		proxyDir,
		proxyConfiguration({ dir: proxyDir, port: proxyPort, upstreams: appPorts }),
		'ignore',
	);
	const api = await request.newContext({ baseURL: publicUrl, ignoreHTTPSErrors: true });
	await untilAnswered(api, nginx);
	const redis = new Redis(redisUrl.href);

	return {
		publicUrl,
		apps,
		database,
		s3,
		redis,
		/** A client of the site through the proxy, without cookies of its own. */
		api,
		/** What nginx logged as problems (a server it left out, a request it did not pass on). */
		proxyLog: () => readFileSync(join(proxyDir, 'error.log'), 'utf8'),
		async stop() {
			await api.dispose();
			nginx.kill('SIGTERM');
			await Promise.all(apps.map(stopApp));
			await s3.close();
			await database.drop();
			redis.disconnect();
			rmSync(dir, { recursive: true, force: true });
		},
	};
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** Waits until nginx passes a request on to a ready instance. */
async function untilAnswered(api: APIRequestContext, nginx: ChildProcess): Promise<void> {
	for (let attempt = 0; attempt < 100; attempt += 1) {
		if (nginx.exitCode !== null) throw new Error('nginx stopped at start-up');
		const answer = await api.get('/readyz').catch(() => null);
		if (answer?.status() === 200) return;
		await new Promise((resolve) => setTimeout(resolve, 200));
	}
	throw new Error('nginx never passed a request on');
}

async function stopApp(app: AppProcess): Promise<void> {
	if (app.child.exitCode !== null || app.child.signalCode !== null) return;
	app.child.kill('SIGTERM');
	await app.exited;
}

/** How many requests each instance has logged so far (one JSON line per answered request). */
export function requestsPerInstance(apps: AppProcess[]): number[] {
	return apps.map((app) => app.output().match(/"msg":"request"/g)?.length ?? 0);
}

/** Ends `app` at once, as a crash or an out-of-memory kill would: no shutdown, no goodbye. */
export async function killHard(app: AppProcess): Promise<void> {
	app.child.kill('SIGKILL');
	await app.exited;
}
