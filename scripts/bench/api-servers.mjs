// The servers the API benchmark loads: the benchmark's copy of the production server on a seeded
// database, and the HTTP floor beside it; and the loads on the API, once it is checked to find
// what the bare queries found.
import http from 'node:http';
import path from 'node:path';
import { poolSize, requestHeaders, requestTimeoutMs, searchWords } from './api-settings.mjs';
import { httpLoads, randomId, searchPath } from './load-driver.mjs';
import { pickPort, startNodeServer } from './server.mjs';
import { findWrk } from './wrk.mjs';

/**
 * Starts the benchmark's copy of the production server with the given database settings and
 * waits until the item list answers (its migrations done; the startup upkeep, which reads every
 * photo row, may still run and falls into the warm-up).
 * @param {{ root: string, buildDir: string, host: string, env: Record<string, string>,
 *   track: (stop: () => Promise<void>) => void, port?: number }} options
 */
export async function startApiServer({ root, buildDir, host, env, track, port: preferred = 0 }) {
	const port = await pickPort(preferred, host);
	const baseUrl = `http://${host}:${port}`;
	const childEnv = {
		...process.env,
		PORT: String(port),
		HOST: host,
		SITE_URL: baseUrl,
		NODE_ENV: 'production',
		DEMO_DATA: 'off',
		DATABASE_POOL_SIZE: String(poolSize),
		...env,
	};
	// PGlite is chosen by the absence of DATABASE_URL; one inherited from the shell must not leak.
	if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
	return startNodeServer({
		script: path.join(buildDir, 'server', 'start.mjs'),
		root,
		baseUrl,
		env: childEnv,
		readyPath: '/api/items?limit=1',
		isReady: (status) => status === 200,
		track,
	});
}

/**
 * Starts the HTTP floor server (floor-server.mjs) on the same database and pool size as the API.
 * @param {{ root: string, host: string, databaseUrl: string, searches: Record<string, string>,
 *   readyId: number, track: (stop: () => Promise<void>) => void }} options
 */
export async function startFloorServer({ root, host, databaseUrl, searches, readyId, track }) {
	const port = await pickPort(0, host);
	return startNodeServer({
		script: path.join(root, 'scripts', 'bench', 'floor-server.mjs'),
		root,
		baseUrl: `http://${host}:${port}`,
		env: {
			...process.env,
			PORT: String(port),
			HOST: host,
			DATABASE_URL: databaseUrl,
			DATABASE_POOL_SIZE: String(poolSize),
			BENCH_SEARCHES: JSON.stringify(searches),
		},
		readyPath: `/api/items/${readyId}`,
		isReady: (status) => status === 200,
		track,
	});
}

/**
 * One GET with a browser's headers: the size of its body as sent (compressed or not) and its
 * encoding. Anything but 200 is an error.
 * @param {string} url
 * @returns {Promise<{ bytes: number, encoding: string }>}
 */
function describeResponse(url) {
	return new Promise((resolve, reject) => {
		const request = http.get(url, { headers: requestHeaders }, (response) => {
			let bytes = 0;
			response.on('data', (chunk) => (bytes += chunk.length));
			response.on('error', reject);
			response.on('end', () => {
				if (response.statusCode === 200) {
					resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
				} else reject(new Error(`HTTP ${response.statusCode} for ${new URL(url).pathname}`));
			});
		});
		request.setTimeout(requestTimeoutMs, () => request.destroy(new Error('timed out')));
		request.on('error', reject);
	});
}

/**
 * Checks that the API finds the totals the bare count found, then gives its loads: the search and
 * the detail through the running server (see `loadApi` in load-driver.mjs), and the size of an
 * answer of each.
 * @param {string} baseUrl
 * @param {{ minId: number, maxId: number }} range
 * @param {Record<string, number>} matches the bare counts, to check the API finds the same
 * @param {(line?: string) => void} log
 */
export async function apiLoads(baseUrl, range, matches, log) {
	const mismatches = [];
	for (const word of searchWords) {
		const response = await fetch(`${baseUrl}${searchPath(word)}`);
		const body = await response.json();
		if (body?.data?.meta?.total !== matches[word]) {
			mismatches.push(`${word}: API ${body?.data?.meta?.total}, bare ${matches[word]}`);
		}
	}
	if (mismatches.length) log(`  !! the API and the bare query disagree: ${mismatches.join('; ')}`);
	const wrk = findWrk(log);
	return {
		wrk,
		loadGenerator: wrk ? 'wrk' : 'autocannon',
		mismatches,
		...httpLoads(wrk, baseUrl, range),
		responses: async () => ({
			search: await describeResponse(`${baseUrl}${searchPath('kursi')}`),
			detail: await describeResponse(`${baseUrl}/api/items/${randomId(range)}`),
		}),
	};
}

/** @typedef {ReturnType<typeof import('./load-figures.mjs').combine>} Figures */

/**
 * One database's result: the bare figures beside the API's, per endpoint.
 * @param {{ words: Awaited<ReturnType<typeof import('./bare-queries.mjs').resolveWords>>,
 *   apiLoad: Awaited<ReturnType<typeof apiLoads>>,
 *   search: { bare: Figures, api: Figures }, detail: { bare: Figures, api: Figures } }} measured
 */
export async function endpointResults({ words, apiLoad, search, detail }) {
	const responses = await apiLoad.responses();
	return {
		bare: { ...words, search: search.bare, detail: detail.bare },
		api: {
			loadGenerator: apiLoad.loadGenerator,
			mismatches: apiLoad.mismatches,
			search: { ...search.api, response: responses.search },
			detail: { ...detail.api, response: responses.detail },
		},
	};
}
