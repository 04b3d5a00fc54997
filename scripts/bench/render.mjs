// Server CPU per fresh render: a server of its own on the demo data, each kind of page requested
// one after another with a query no other request used, so the page cache (decision 031, keyed
// by path and query) never answers it, and the server process's CPU time (user and system, all
// its threads, compression in libuv's pool included) read from /proc before and after.
//
// Then the item page, the item list and the home page, as rendered, are compressed with every
// brotli quality, gzip level and a range of zstd levels: CPU time per page and size, the figures
// behind the settings of dynamic pages (decision 043).
//
// BENCH_RENDER_COUNT (default 200) sets the renders per page.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync, zstdCompressSync } from 'node:zlib';
import { acceptEncoding } from './api-settings.mjs';
import { formatTable } from './format.mjs';
import { cpuMsOf } from './process-cpu.mjs';
import { pickPort, startNodeServer } from './server.mjs';

export const name = 'render';
export const description = 'server CPU per fresh render of each kind of page (page cache bypassed)';

const count = Number(process.env.BENCH_RENDER_COUNT ?? 200);
const warmup = 30;
/** Requests `url` as a browser would, reading the whole body; the status. */
async function fetchPage(url) {
	const response = await fetch(url, {
		headers: { accept: 'text/html', 'accept-encoding': acceptEncoding },
		redirect: 'manual',
	});
	await response.arrayBuffer();
	return response.status;
}

/** The paths of each kind of page, the item and donor found on the demo data. */
async function pageKinds(baseUrl) {
	const response = await fetch(new URL('/api/items?limit=1', baseUrl));
	const item = (await response.json())?.data?.items?.[0];
	if (!item) throw new Error(`the server lists no item (HTTP ${response.status})`);
	const html = await (await fetch(new URL(`/items/${item.id}`, baseUrl))).text();
	const profile = /href="(\/profile\/[^"?#]+)"/.exec(html)?.[1];
	if (!profile) throw new Error(`the item page /items/${item.id} links no donor profile`);
	return [
		{ kind: 'home', path: '/' },
		{ kind: 'item list', path: '/items' },
		{ kind: 'item page', path: `/items/${item.id}` },
		{ kind: 'item page (en)', path: `/en/items/${item.id}` },
		{ kind: 'rankings', path: '/heroes/rankings' },
		{ kind: 'profile page', path: profile },
		{ kind: 'not found', path: '/no-such-page' },
	];
}

/**
 * @param {{ root: string, buildDir: string, host: string, options: { port: number },
 *   log: (line?: string) => void, onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ root, buildDir, host, options, log, onInterrupt }) {
	const port = await pickPort(options.port + 10, host);
	const baseUrl = `http://${host}:${port}`;
	const dataDir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-render-'));
	const env = {
		...process.env,
		PORT: String(port),
		HOST: host,
		SITE_URL: baseUrl,
		DATA_DIR: dataDir,
		NODE_ENV: 'production',
		DEMO_DATA: 'on',
	};
	delete env.DATABASE_URL;
	/** @type {Awaited<ReturnType<typeof startNodeServer>> | undefined} */
	let server;
	const cleanup = async () => {
		await server?.stop();
		await rm(dataDir, { recursive: true, force: true });
	};
	const unregister = onInterrupt(cleanup);
	const results = [];
	/** @type {Array<{ page: string, error: string }>} */
	const failed = [];
	/** @type {Awaited<ReturnType<typeof measureCompression>>} */
	let compression;
	try {
		server = await startNodeServer({
			script: path.join(buildDir, 'server', 'start.mjs'),
			root,
			baseUrl,
			env,
			readyPath: '/api/items?limit=1',
			isReady: (status) => status === 200,
		});
		const pid = server.pid;
		let fresh = 0;
		const pages = await pageKinds(baseUrl);
		for (const { kind, path: pagePath } of pages) {
			const url = (n) => `${baseUrl}${pagePath}?fresh=${n}`;
			try {
				for (let i = 0; i < warmup; i++) await fetchPage(url(fresh++));
				const cpuBefore = await cpuMsOf(pid);
				const started = performance.now();
				const statuses = new Set();
				for (let i = 0; i < count; i++) statuses.add(await fetchPage(url(fresh++)));
				const wallMs = performance.now() - started;
				const cpuMs = (await cpuMsOf(pid)) - cpuBefore;
				const result = {
					kind,
					path: pagePath,
					statuses: [...statuses],
					renders: count,
					cpuMsPerRender: cpuMs / count,
					wallMsPerRender: wallMs / count,
				};
				results.push(result);
				log(`  ${kind} ${pagePath}: ${result.cpuMsPerRender.toFixed(2)} ms CPU per render`);
			} catch (error) {
				const message = error instanceof Error ? error.message.split('\n')[0] : String(error);
				failed.push({ page: pagePath, error: message });
				log(`  ${kind} ${pagePath}: failed: ${message}`);
			}
		}
		compression = await measureCompression(baseUrl, pages, log);
	} finally {
		await cleanup();
		unregister();
	}
	log();
	log(
		formatTable(
			['Page kind', 'Path', 'Status', 'CPU ms / render', 'Wall ms / render'],
			results.map((result) => [
				result.kind,
				result.path,
				result.statuses.join(' '),
				result.cpuMsPerRender.toFixed(2),
				result.wallMsPerRender.toFixed(2),
			]),
			{ align: ['left', 'left'] },
		),
	);
	log(
		`${count} renders per page after ${warmup} to warm up; CPU of the server process, all threads.`,
	);
	return { count, results, compression, failed };
}

/** Every setting measured: brotli's qualities, gzip's levels, zstd's levels up to 19. */
const compressionSettings = [
	...Array.from({ length: 11 }, (_, i) => ({
		setting: `br ${i + 1}`,
		compress: (body) =>
			brotliCompressSync(body, {
				params: {
					[constants.BROTLI_PARAM_QUALITY]: i + 1,
					[constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
				},
			}),
	})),
	...Array.from({ length: 9 }, (_, i) => ({
		setting: `gzip ${i + 1}`,
		compress: (body) => gzipSync(body, { level: i + 1 }),
	})),
	...[1, 2, 3, 4, 6, 9, 12, 19].map((level) => ({
		setting: `zstd ${level}`,
		compress: (body) =>
			zstdCompressSync(body, {
				pledgedSrcSize: body.byteLength,
				params: { [constants.ZSTD_c_compressionLevel]: level },
			}),
	})),
];

/**
 * Compresses the item page, the item list and the home page as the server renders them with
 * each setting, in this process: CPU ms per page (the mean of enough runs to take a second of
 * CPU, at most 200) and the compressed size.
 */
async function measureCompression(baseUrl, pages, log) {
	const measured = pages.filter(({ kind }) => ['item page', 'item list', 'home'].includes(kind));
	const bodies = await Promise.all(
		measured.map(async ({ path: pagePath }) => {
			const response = await fetch(`${baseUrl}${pagePath}?fresh=compression`, {
				headers: { accept: 'text/html', 'accept-encoding': 'identity' },
			});
			return Buffer.from(await response.arrayBuffer());
		}),
	);
	const rows = compressionSettings.map(({ setting, compress }) => {
		const figures = bodies.map((body) => {
			compress(body);
			const started = process.cpuUsage();
			let runs = 0;
			let size = 0;
			const spentMs = () => {
				const { user, system } = process.cpuUsage(started);
				return (user + system) / 1000;
			};
			while (runs < 200 && (runs < 5 || spentMs() < 1000)) {
				size = compress(body).byteLength;
				runs++;
			}
			return { cpuMs: spentMs() / runs, bytes: size };
		});
		return { setting, figures };
	});
	log();
	log(
		formatTable(
			[
				'Setting',
				...measured.flatMap(({ kind }, index) => [
					`${kind} ms`,
					`bytes (of ${bodies[index].byteLength})`,
				]),
			],
			rows.map(({ setting, figures }) => [
				setting,
				...figures.flatMap(({ cpuMs, bytes }) => [cpuMs.toFixed(3), bytes]),
			]),
			{ align: ['left'] },
		),
	);
	return rows.map(({ setting, figures }) => ({
		setting,
		pages: figures.map((figure, index) => ({ path: measured[index].path, ...figure })),
	}));
}

/** @param {{ results: Array<{ path: string, cpuMsPerRender: number }> }} results */
export function summarize({ results }) {
	return {
		columns: ['CPU ms / fresh render'],
		rows: new Map(results.map((result) => [result.path, [result.cpuMsPerRender.toFixed(2)]])),
	};
}
