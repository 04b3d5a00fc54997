// Each kind of the mixed load alone, on one app process: what the scale-out throughput
// target compares. Server-rendered item and list pages should answer at least a third of the item API's
// requests per second. Loaded as the API benchmark loads the API (wrk where it can be had, its
// callers, warm-up and measured seconds), so the rates are comparable with each other and with
// that benchmark.
//
// Two loads stand beside the mix's kinds. One item's page requested over and over is a link
// shared in a group chat; it is answered from the page cache. A missing item's page (404) is the
// site's layout around one line, read and rendered like an item page: the least any
// server-rendered page costs here.
//
// Each kind's CPU per request is the app process's CPU time over its run (from /proc, all its
// threads) by the rate: the server's own work for a request, PostgreSQL's apart.
import { formatLatency, formatRatio, formatRps } from './api-report.mjs';
import { connections, measureMs, searchWords, warmupMs } from './api-settings.mjs';
import { formatTable } from './format.mjs';
import { combine, ratioOf } from './load-figures.mjs';
import { loadApi } from './load-driver.mjs';
import { cpuMsOf } from './process-cpu.mjs';
import { findWrk } from './wrk.mjs';

/** Pages' share of the item API's rate that the issue asks of server-rendered item and lists. */
export const pageRateTarget = 1 / 3;

const html = { accept: 'text/html' };
/** Each path in Indonesian and in English. */
const bothLanguages = (paths) => paths.flatMap((pagePath) => [pagePath, `/en${pagePath}`]);
/** A load cycling through paths, each its own label (autocannon's figures). */
const pathLoad = (paths) => ({ paths, labels: paths, headers: html });

/**
 * The loads, in the order they run; `target` marks the kinds the rate target applies to.
 * @param {{ range: { minId: number, maxId: number }, cities: string[], donors: string[] }} data
 */
function loads({ range, cities, donors }) {
	const itemPages = ['/items/', '/en/items/'];
	return [
		{ kind: 'item API', load: { range } },
		{
			kind: 'item page, random items',
			target: true,
			load: { range, idPrefixes: itemPages, headers: html },
		},
		{
			kind: 'item page, one shared item',
			target: true,
			load: pathLoad([`/items/${range.minId}`]),
		},
		{ kind: 'list page', target: true, load: pathLoad(bothLanguages(['/items'])) },
		{
			kind: 'search page',
			target: true,
			load: pathLoad(bothLanguages(searchWords.map((word) => `/items?search=${word}`))),
		},
		{
			kind: 'city page',
			target: true,
			load: pathLoad(bothLanguages(cities.map((city) => `/items/in/${city}`))),
		},
		{
			kind: 'profile page',
			load: pathLoad(bothLanguages(donors.map((donor) => `/profile/${donor}`))),
		},
		{ kind: 'home', load: pathLoad(['/', '/en']) },
		{
			kind: 'search API',
			load: {
				paths: searchWords.map((word) => `/api/items?search=${word}`),
				labels: searchWords,
			},
		},
		{
			kind: 'missing item page (404)',
			load: {
				range: { minId: range.maxId + 1, maxId: range.maxId + 1_000_000 },
				idPrefixes: itemPages,
				headers: html,
				status: 404,
			},
		},
	];
}

/**
 * Runs every load alone against `baseUrl`, served by process `pid`, one after the other, and
 * logs each as it ends.
 * @param {{ baseUrl: string, pid: number, range: { minId: number, maxId: number },
 *   cities: string[], donors: string[], log: (line?: string) => void }} options
 */
export async function measureAlone({ baseUrl, pid, log, ...data }) {
	const wrk = findWrk(log);
	log(
		`  each kind alone: ${connections} callers, ${warmupMs / 1_000} s warm-up, ` +
			`${measureMs / 1_000} s measured`,
	);
	const results = [];
	for (const { kind, target = false, load } of loads(data)) {
		const [cpuBefore, started] = [await cpuMsOf(pid), performance.now()];
		const figures = combine([await loadApi(wrk, baseUrl, load, { warmupMs, measureMs })]);
		// The warm-up runs at the measured rate too, so CPU per second of the whole run, by the
		// requests per second measured, is the CPU of one request.
		const cpuPerSecond =
			((await cpuMsOf(pid)) - cpuBefore) / ((performance.now() - started) / 1000);
		const cpuMsPerRequest = figures.rps > 0 ? cpuPerSecond / figures.rps : undefined;
		results.push({ kind, target, figures, cpuMsPerRequest });
		log(
			`    ${kind}: ${formatRps(figures.rps)} req/s, p95 ${formatLatency(figures.latency.p95)}, ` +
				`${cpuMsPerRequest?.toFixed(2) ?? '–'} ms CPU per request` +
				(figures.errors ? `; !! ${figures.errors} errors: ${figures.errorSamples.join('; ')}` : ''),
		);
	}
	return results;
}

/**
 * The table of `measureAlone`'s results: each kind's rate beside the item API's.
 * @param {Awaited<ReturnType<typeof measureAlone>>} results
 * @param {(line?: string) => void} log
 */
export function printAlone(results, log) {
	const api = results.find(({ kind }) => kind === 'item API')?.figures;
	log();
	log(
		`each kind alone, one process (target: item and list pages at least a third of the item API):`,
	);
	log(
		formatTable(
			['kind', 'req/s', 'p50', 'p95', 'CPU ms / req', '× item API', 'target'],
			results.map(({ kind, target, figures, cpuMsPerRequest }) => {
				const ratio = api ? ratioOf(figures, api) : undefined;
				const verdict =
					!target || ratio === undefined ? '' : ratio >= pageRateTarget ? 'met' : 'missed';
				return [
					kind,
					formatRps(figures.rps),
					formatLatency(figures.latency.p50),
					formatLatency(figures.latency.p95),
					cpuMsPerRequest?.toFixed(2) ?? '–',
					formatRatio(ratio),
					verdict,
				];
			}),
		),
	);
}
