// Builds the app and runs the production server for the benchmarks, the same way `npm start`
// serves it, so the figures describe what users would download; starts the other servers a
// benchmark needs the same way.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { access, cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Resolves to `preferred` when nothing listens on it, else to a port the OS picks, so a second
 * run or a forgotten server does not make the benchmark fail.
 * @param {number} preferred
 * @param {string} host
 * @returns {Promise<number>}
 */
export async function pickPort(preferred, host) {
	const tryListen = (port) =>
		new Promise((resolve) => {
			const probe = net.createServer();
			probe.once('error', () => resolve(undefined));
			probe.listen(port, host, () => {
				const { port: bound } = /** @type {net.AddressInfo} */ (probe.address());
				probe.close(() => resolve(bound));
			});
		});
	return (await tryListen(preferred)) ?? (await tryListen(0));
}

/**
 * The folder the benchmark serves from: a copy of dist/ taken right after its build. An e2e run
 * or another build replacing dist/ under the running server made pages fail and mixed two builds'
 * figures; the copy keeps one build for the whole run. It sits inside the project (in
 * node_modules, ignored everywhere) so the server's bare imports resolve to the project's packages
 * and its project-root lookup still finds this project.
 * @param {string} root the project folder
 * @returns {string}
 */
export function benchBuildDir(root) {
	// A checkout whose node_modules is a link to another's would otherwise serve that one's
	// migrations: BENCH_BUILD_DIR names a folder of its own inside it.
	if (process.env.BENCH_BUILD_DIR) return path.resolve(process.env.BENCH_BUILD_DIR);
	return path.join(root, 'node_modules', '.cache', 'hibahin-bench');
}

/**
 * Runs `npx astro build` with the given SITE_URL, the origin the benchmark serves on, so the
 * prerendered pages are served from their files as a build for its own address is (their
 * canonical and hreflang links would otherwise be moved as they are served).
 * @param {{ root: string, siteUrl: string }} options
 * @returns {Promise<void>}
 */
export async function buildApp({ root, siteUrl }) {
	const child = spawn('npx', ['astro', 'build'], {
		cwd: root,
		stdio: 'inherit',
		env: { ...process.env, SITE_URL: siteUrl, ASTRO_TELEMETRY_DISABLED: '1' },
	});
	const [code, signal] = await once(child, 'exit');
	if (code !== 0) throw new Error(`astro build failed (${signal ?? `exit code ${code}`})`);
}

/**
 * Copies dist/ into `dir`, with server/ beside it (start.mjs imports `../dist/server/...`
 * relative to itself, and its neighbours), so the run serves one fixed build.
 * @param {{ root: string, dir: string }} options
 * @returns {Promise<void>}
 */
export async function snapshotBuild({ root, dir }) {
	const dist = path.join(root, 'dist');
	try {
		await access(path.join(dist, 'server', 'entry.mjs'));
	} catch {
		throw new Error('dist/ holds no build: run the benchmark without --no-build');
	}
	await rm(dir, { recursive: true, force: true });
	await cp(dist, path.join(dir, 'dist'), { recursive: true });
	await cp(path.join(root, 'server'), path.join(dir, 'server'), { recursive: true });
}

/**
 * Starts `node <script>` from the project folder, as `npm start` runs, so relative paths resolve
 * the same, and waits until `readyPath` answers with a status `isReady` accepts. `track` gets
 * `stop` as soon as the process exists, so an interrupt during the start still ends it.
 * @param {{ script: string, root: string, baseUrl: string, env: NodeJS.ProcessEnv,
 *   readyPath?: string, isReady?: (status: number) => boolean, timeoutMs?: number,
 *   track?: (stop: () => Promise<void>) => void }} options
 * @returns {Promise<{ baseUrl: string, pid: number, stop: () => Promise<void>,
 *   peakRssMb: () => Promise<number | undefined> }>}
 */
export async function startNodeServer({
	script,
	root,
	baseUrl,
	env,
	readyPath = '/',
	// Any HTTP answer means it listens, unless the caller waits for more.
	isReady = () => true,
	// Generous: on a machine busy with other work, migrations, the demo data or a freshly seeded
	// database can keep a server from answering for over a minute.
	timeoutMs = 180_000,
	track = () => {},
}) {
	const child = spawn(process.execPath, [script], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		env,
	});
	// Kept for the error message only: a server that dies on start says why on stderr.
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	let exited = false;
	child.once('exit', () => (exited = true));
	const stop = async () => {
		if (exited) return;
		const done = once(child, 'exit');
		child.kill('SIGTERM');
		// The servers close gracefully on SIGTERM; an open keep-alive socket must not hang us.
		const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
		await done;
		clearTimeout(timer);
	};
	track(stop);
	// The kernel's high-water mark of the server's memory (Linux only; undefined elsewhere).
	const peakRssMb = async () => {
		const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
		const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
		return kb ? Math.round(Number(kb) / 1024) : undefined;
	};
	const deadline = Date.now() + timeoutMs;
	try {
		while (true) {
			if (exited) throw new Error(`the server exited before answering:\n${output}`);
			if (Date.now() > deadline) {
				throw new Error(`the server did not answer in ${timeoutMs} ms; it printed:\n${output}`);
			}
			const status = await fetch(`${baseUrl}${readyPath}`, { signal: AbortSignal.timeout(5_000) })
				.then(async (response) => (await response.arrayBuffer(), response.status))
				.catch(() => undefined);
			if (status !== undefined && isReady(status)) break;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	} catch (error) {
		await stop();
		throw error;
	}
	return { baseUrl, pid: child.pid, stop, peakRssMb };
}

/**
 * Starts the production server (the copy `snapshotBuild` put in `dir`) on host:port with a
 * throwaway DATA_DIR and waits until it answers HTTP. The returned `stop` ends the server and
 * removes the data folder; call it in a `finally`.
 * @param {{ root: string, dir: string, host: string, port: number, siteUrl: string }} options
 * @returns {Promise<{ baseUrl: string, dataDir: string, stop: () => Promise<void> }>}
 */
export async function startServer({ root, dir, host, port, siteUrl }) {
	const dataDir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-'));
	const env = {
		...process.env,
		PORT: String(port),
		HOST: host,
		SITE_URL: siteUrl,
		DATA_DIR: dataDir,
		NODE_ENV: 'production',
		// The item pages need an item to show: the embedded database in the throwaway folder gets
		// the demo data, which a DATABASE_URL from the shell would turn off.
		DEMO_DATA: 'on',
	};
	delete env.DATABASE_URL;
	const removeData = () => rm(dataDir, { recursive: true, force: true });
	try {
		const server = await startNodeServer({
			script: path.join(dir, 'server', 'start.mjs'),
			root,
			baseUrl: `http://${host}:${port}`,
			env,
		});
		const stop = async () => {
			await server.stop();
			await removeData();
		};
		return { baseUrl: server.baseUrl, dataDir, stop };
	} catch (error) {
		await removeData();
		throw error;
	}
}
