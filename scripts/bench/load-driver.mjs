// The load driver: callers in this process for the bare queries, and wrk or autocannon for a
// server over HTTP, each a closed loop of `connections` callers that send their next request as
// soon as the last one is answered, and each bringing back a run of the same shape
// (load-figures.mjs).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';
import { connections, requestHeaders, requestTimeoutMs, searchWords } from './api-settings.mjs';
import { itemApiPrefix, wrkRun, wrkScript } from './wrk.mjs';

/** @typedef {import('./load-figures.mjs').Run} Run */
/** @typedef {import('./load-figures.mjs').Timing} Timing */

/**
 * A random item id; the same generator for the API and the bare run, so both read the same mix.
 * @param {{ minId: number, maxId: number }} range
 */
export function randomId({ minId, maxId }) {
	return minId + Math.floor(Math.random() * (maxId - minId + 1));
}

/**
 * Keeps `connections` callers busy, each starting its next call as soon as its last one ended (a
 * closed loop, like users who wait for an answer). The clock starts once the warm-up time has
 * passed and every caller has had an answer, so the queue is in its steady state even when one
 * answer takes seconds; then calls that end within the next `measureMs` count, as in wrk. Calls
 * still running at the end are awaited (so the next run starts on an idle server) but not counted.
 * @param {(sequence: number) => Promise<string>} call resolves to a label (the search word, say)
 * @param {Timing} timing
 * @returns {Promise<Run>}
 */
export async function drive(call, { warmupMs: warmup, measureMs: measure }) {
	const started = performance.now();
	// Past this, the clock starts even if some caller never had an answer (a hung server).
	const warmupDeadline = started + warmup + 60_000;
	let measureFrom = Infinity;
	let stopAt = Infinity;
	let answered = 0;
	/** @type {number[]} */
	const latencies = [];
	/** @type {Record<string, number[]>} */
	const byLabel = {};
	const errorSamples = new Set();
	let errors = 0;
	let sequence = 0;
	const startClock = (now) => {
		if (measureFrom !== Infinity) return;
		const warm = now >= started + warmup && answered === connections;
		if (warm || now >= warmupDeadline) {
			measureFrom = now;
			stopAt = now + measure;
		}
	};
	const worker = async () => {
		let first = true;
		while (performance.now() < stopAt) {
			const begin = performance.now();
			let label;
			let failure;
			try {
				label = await call(sequence++);
			} catch (error) {
				failure = error instanceof Error ? error.message : String(error);
			}
			const end = performance.now();
			if (first) answered++;
			first = false;
			const counted = end >= measureFrom && end <= stopAt;
			if (failure !== undefined) {
				if (counted) errors++;
				const phase = counted ? 'measured' : end < measureFrom ? 'warm-up' : 'after the end';
				if (errorSamples.size < 5) errorSamples.add(`${failure} (${phase})`);
			} else if (counted) {
				latencies.push(end - begin);
				(byLabel[label] ??= []).push(end - begin);
			}
			startClock(end);
		}
	};
	await Promise.all(Array.from({ length: connections }, worker));
	return {
		requests: latencies.length,
		errors,
		seconds: measure / 1_000,
		latencies: { values: latencies },
		byLabel,
		errorSamples: [...errorSamples],
	};
}

/**
 * Runs autocannon for `seconds` with `connections` keep-alive connections, each sending its next
 * request as soon as its last one is answered (a closed loop, like users who wait for an answer)
 * and cycling through `requests`. Every answer's latency is kept under its request's label.
 * @param {string} baseUrl
 * @param {Array<{ label: string | ((context: any) => string), path?: string,
 *   setupRequest?: (request: any, context: any) => any }>} requests a label may be read from the
 *   connection's context, where the request's `setupRequest` left it
 * @param {number} seconds
 * @param {number} [callers] connections, the API benchmark's unless told
 * @param {number} [expectedStatus] the status of every answer (a missing page's 404, say)
 * @returns {Promise<Run>}
 */
export async function cannon(
	baseUrl,
	requests,
	seconds,
	callers = connections,
	expectedStatus = 200,
) {
	/** @type {number[]} */
	const latencies = [];
	/** @type {Record<string, number[]>} */
	const byLabel = {};
	const errorSamples = new Set();
	let errors = 0;
	// autocannon calls a request's onResponse and then, synchronously, emits the answer's latency:
	// the label set by the first is the one of the second.
	let answered = '';
	const instance = autocannon({
		url: baseUrl,
		connections: callers,
		duration: seconds,
		timeout: requestTimeoutMs / 1_000,
		headers: requestHeaders,
		requests: requests.map(({ label, ...request }) => ({
			...request,
			onResponse: (_status, _body, context) =>
				(answered = typeof label === 'function' ? label(context) : label),
		})),
	});
	instance.on('response', (_client, statusCode, _bytes, responseTime) => {
		if (statusCode !== expectedStatus) {
			errors++;
			if (errorSamples.size < 5) errorSamples.add(`HTTP ${statusCode} (${answered})`);
			return;
		}
		latencies.push(responseTime);
		(byLabel[answered] ??= []).push(responseTime);
	});
	instance.on('reqError', (error) => {
		errors++;
		if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : error);
	});
	const result = await instance;
	return {
		requests: latencies.length,
		errors,
		seconds: result.duration,
		latencies: { values: latencies },
		byLabel,
		errorSamples: [...errorSamples],
	};
}

/**
 * Loads the API as the bare run loads the database: a warm-up (not recorded: fills the pools, the
 * page cache and V8's JIT), then the measured run. wrk loads it where it can be had: it takes
 * about 17 µs of CPU per request where autocannon takes 45–75, CPU that the server and the
 * database on the same cores would otherwise lose to the measurement.
 * @param {string | undefined} wrk
 * @param {string} baseUrl
 * @param {({ paths: string[], labels: string[] } | { range: { minId: number, maxId: number },
 *   idPrefixes?: string[] }) & { headers?: Record<string, string>, status?: number }} load the
 *   labels name the paths in autocannon's figures per label; a random id goes after one of the
 *   prefixes (see `wrkScript`); the headers are sent beside a browser's; every answer has the
 *   status (200 unless told)
 * @param {Timing} timing whole seconds, wrk's unit
 * @returns {Promise<Run>}
 */
export async function loadApi(wrk, baseUrl, load, { warmupMs: warmup, measureMs: measure }) {
	const status = load.status ?? 200;
	if (wrk) {
		const dir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-wrk-'));
		try {
			const scriptPath = path.join(dir, 'load.lua');
			await writeFile(scriptPath, wrkScript(load));
			await wrkRun(wrk, baseUrl, scriptPath, warmup / 1_000, status);
			return await wrkRun(wrk, baseUrl, scriptPath, measure / 1_000, status);
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	}
	const headers = { ...requestHeaders, ...load.headers };
	const requests =
		'paths' in load
			? load.paths.map((requestPath, index) => ({
					label: load.labels[index],
					path: requestPath,
					headers,
				}))
			: [
					{
						label: 'detail',
						setupRequest: (request) => {
							const prefixes = load.idPrefixes ?? [itemApiPrefix];
							const prefix = prefixes[Math.floor(Math.random() * prefixes.length)];
							return { ...request, path: `${prefix}${randomId(load.range)}`, headers };
						},
					},
				];
	await cannon(baseUrl, requests, warmup / 1_000, connections, status);
	return cannon(baseUrl, requests, measure / 1_000, connections, status);
}

/** @param {string} word */
export const searchPath = (word) => `/api/items?search=${encodeURIComponent(word)}`;

/**
 * The search and the detail loads on a server at `baseUrl` (see `loadApi`).
 * @param {string | undefined} wrk
 * @param {string} baseUrl
 * @param {{ minId: number, maxId: number }} range
 */
export function httpLoads(wrk, baseUrl, range) {
	const searchLoad = { paths: searchWords.map(searchPath), labels: searchWords };
	return {
		/** @param {Timing} timing */
		search: (timing) => loadApi(wrk, baseUrl, searchLoad, timing),
		/** @param {Timing} timing */
		detail: (timing) => loadApi(wrk, baseUrl, { range }, timing),
	};
}
