// The requests benchmark's report: a table of the calls (API beside bare, against the p95 target)
// and its rows in the final summary.
import { formatLatency, formatRatio, formatRps } from './api-report.mjs';
import { formatKb, formatTable } from './format.mjs';
import { ratioOf } from './load-figures.mjs';
import { endpoints } from './requests-settings.mjs';

/**
 * Whether a p95 is under the target, as the report marks it: `ok`, or `!!` when it is not (or
 * nothing was measured).
 * @param {number | undefined} p95 milliseconds
 * @param {number} targetMs
 */
export function p95Verdict(p95, targetMs) {
	return p95 !== undefined && p95 < targetMs
		? `p95 ${formatLatency(p95)} < ${targetMs} ms ok`
		: `!! p95 ${formatLatency(p95)} ≥ ${targetMs} ms`;
}

/**
 * The table: per call, each side's throughput and latencies, the ratio and the
 * target; then the answers' sizes, the client's cost and any errors.
 * @param {any} result
 * @param {(line?: string) => void} log
 */
export function printRequests(result, log) {
	const { turns, targets } = result;
	log();
	log(
		`${result.database} ${result.version}: ${result.connections} callers per side, bare and API ` +
			`in turns, ${turns.pairs} slices of ${turns.sliceSeconds} s each; ${result.requests} ` +
			`requests and ${result.notifications} notifications seeded`,
	);
	log(
		formatTable(
			[
				'Call',
				'API req/s',
				'bare req/s',
				'API/bare',
				'API p50',
				'API p95',
				'API p99',
				'bare p50',
				'bare p95',
				'bare p99',
				'Errors API/bare',
			],
			endpoints.map(({ key, label }) => {
				const { api, bare } = result.endpoints[key];
				return [
					label,
					formatRps(api.rps),
					formatRps(bare.rps),
					formatRatio(ratioOf(api, bare)),
					formatLatency(api.latency.p50),
					formatLatency(api.latency.p95),
					formatLatency(api.latency.p99),
					formatLatency(bare.latency.p50),
					formatLatency(bare.latency.p95),
					formatLatency(bare.latency.p99),
					`${api.errors}/${bare.errors}`,
				];
			}),
		),
	);
	log(
		"The API also reads the caller's session and user, and counts each write against the " +
			'rate limit: work of its own, which the ratio includes.',
	);
	const byPair = endpoints.map(
		({ key }) => `${key} ${result.endpoints[key].pairRatios.map(formatRatio).join(' ')}`,
	);
	log(`API/bare of each pair of slices: ${byPair.join('; ')}`);
	log();
	for (const { key, label } of endpoints) {
		log(
			`  target ${label}: API ${p95Verdict(result.endpoints[key].api.latency.p95, targets.p95Ms)}`,
		);
	}
	const answers = endpoints
		.filter(({ key }) => result.endpoints[key].answer)
		.map(({ key }) => {
			const { bytes, encoding } = result.endpoints[key].answer;
			return `${key} ${formatKb(bytes)} ${encoding}`;
		});
	log(
		`  answers on average: ${answers.join(', ')}; server peak RSS ${result.serverPeakRssMb ?? '?'} MB`,
	);
	const client = endpoints.map(
		({ key }) => `${key} ${result.endpoints[key].clientMicrosecondsPerCall ?? '?'} µs`,
	);
	log(`  this process's CPU per API call sent (the HTTP client): ${client.join(', ')}`);
	log(
		`  new requests: ${result.askPairs.used} of ${result.askPairs.available} pairs of receiver ` +
			'and item taken (each pair once, bare and API alike)',
	);
	for (const { key } of endpoints) {
		for (const side of ['api', 'bare']) {
			for (const sample of result.endpoints[key][side].errorSamples) {
				log(`  !! ${side === 'api' ? 'API' : 'bare'} ${key} error: ${sample}`);
			}
		}
	}
}

/**
 * The columns this module adds to the final summary table, a row per call.
 * @param {{ endpoints: Record<string, any> }} results
 */
export function summarize(results) {
	return {
		columns: ['Requests req/s', 'Requests p95', 'Requests API/bare'],
		rows: new Map(
			endpoints.map(({ key, name }) => {
				const { api, bare } = results.endpoints[key];
				return [
					`requests: ${name}`,
					[formatRps(api.rps), formatLatency(api.latency.p95), formatRatio(ratioOf(api, bare))],
				];
			}),
		),
	};
}
