// The API benchmark's report: a table per database (API beside bare, per endpoint and per search
// word, against the targets) and its rows in the final summary.
import { connections, measureMs, pairs, searchWords, sliceMs, targets } from './api-settings.mjs';
import { formatKb, formatMs, formatTable } from './format.mjs';
import { ratioOf } from './load-figures.mjs';

/** @param {number | undefined} ms */
export const formatLatency = (ms) => formatMs(ms, { tenths: true });

/** @param {number} rps */
export const formatRps = (rps) => (rps >= 100 ? String(Math.round(rps)) : rps.toFixed(1));

/** @param {number | undefined} ratio */
export const formatRatio = (ratio) => (ratio === undefined ? '–' : ratio.toFixed(2));

/**
 * The per-database table: API beside bare, per endpoint, and the targets.
 * @param {any} result one database's result
 * @param {(line?: string) => void} log
 */
export function printDatabase(result, log) {
	const endpoints = [
		['GET /api/items?search=…', 'search'],
		['GET /api/items/{id}', 'detail'],
	];
	log();
	const timing = result.pairRatios
		? `bare and API in turns, ${pairs} slices of ${sliceMs / 1_000} s each`
		: `${measureMs / 1_000} s bare, then ${measureMs / 1_000} s API`;
	log(
		`${result.database}: ${connections} connections, ${timing}, API loaded by ` +
			result.api.loadGenerator,
	);
	log(
		formatTable(
			[
				'Endpoint',
				'API req/s',
				'bare req/s',
				'API/bare',
				'API p50',
				'API p95',
				'API p99',
				'bare p95',
				'floor/bare',
				'Errors API/bare',
			],
			endpoints.map(([label, key]) => {
				const api = result.api[key];
				const bare = result.bare[key];
				const floor = result.floor?.[key];
				return [
					label,
					formatRps(api.rps),
					formatRps(bare.rps),
					formatRatio(ratioOf(api, bare)),
					formatLatency(api.latency.p50),
					formatLatency(api.latency.p95),
					formatLatency(api.latency.p99),
					formatLatency(bare.latency.p95),
					floor ? formatRatio(ratioOf(floor, bare)) : '–',
					`${api.errors}/${bare.errors}`,
				];
			}),
		),
	);
	if (result.floor) {
		const floors = endpoints.map(([, key]) => `${key} ${formatRps(result.floor[key].rps)} req/s`);
		log(
			`HTTP floor (node:http sending the same statements' rows, no framework; the most any ` +
				`API could reach here): ${floors.join(', ')}`,
		);
	}
	if (result.pairRatios) {
		const byPair = endpoints.map(
			([, key]) => `${key} ${result.pairRatios[key].map(formatRatio).join(' ')}`,
		);
		log(`API/bare of each pair of slices: ${byPair.join('; ')}`);
	}
	log();
	log(
		`Search per word (matches of ${result.items}; "cold" is the first search of a word after ` +
			'an item changed, counting its matches, timed alone' +
			(result.api.loadGenerator === 'wrk' ? '; wrk keeps no API figures per word' : '') +
			'):',
	);
	log(
		formatTable(
			['Word', 'Matches', 'cold p50', 'API p50', 'API p95', 'bare p50', 'bare p95'],
			searchWords.map((word) => [
				word,
				result.bare.matches[word],
				formatLatency(result.bare.cold[word]?.p50),
				formatLatency(result.api.search.byLabel[word]?.p50),
				formatLatency(result.api.search.byLabel[word]?.p95),
				formatLatency(result.bare.search.byLabel[word]?.p50),
				formatLatency(result.bare.search.byLabel[word]?.p95),
			]),
		),
	);
	log();
	for (const [label, key] of endpoints) {
		const api = result.api[key];
		const ratio = ratioOf(api, result.bare[key]);
		const checks = [
			api.latency.p95 !== undefined && api.latency.p95 < targets.p95Ms
				? `p95 ${formatLatency(api.latency.p95)} < ${targets.p95Ms} ms ok`
				: `!! p95 ${formatLatency(api.latency.p95)} ≥ ${targets.p95Ms} ms`,
		];
		// The ratio target is PostgreSQL's: PGlite shares one thread with the server itself.
		if (result.database === 'PostgreSQL') {
			checks.push(
				ratio !== undefined && ratio >= targets.ratio
					? `API/bare ${formatRatio(ratio)} ≥ ${targets.ratio} ok`
					: `!! API/bare ${formatRatio(ratio)} < ${targets.ratio}`,
			);
		}
		log(`  target ${label}: ${checks.join(', ')}`);
	}
	const responses = endpoints
		.map(([, key]) => {
			const { bytes, encoding } = result.api[key].response;
			return `${key} ${formatKb(bytes)} ${encoding}`;
		})
		.join(', ');
	log(`  responses: ${responses}; server peak RSS ${result.serverPeakRssMb ?? '?'} MB`);
	for (const [, key] of endpoints) {
		const sides = { API: result.api[key], bare: result.bare[key], floor: result.floor?.[key] };
		for (const [side, figures] of Object.entries(sides)) {
			for (const sample of figures?.errorSamples ?? []) log(`  !! ${side} ${key} error: ${sample}`);
		}
	}
}

/**
 * The columns this module adds to the final summary table, a row per database and endpoint.
 * @param {{ databases: any[] }} results
 */
export function summarize(results) {
	return {
		columns: ['API req/s', 'API p95', 'API/bare', 'floor/bare'],
		rows: new Map(
			results.databases.flatMap((result) =>
				['search', 'detail'].map((key) => [
					`api ${key} (${result.database})`,
					[
						formatRps(result.api[key].rps),
						formatLatency(result.api[key].latency.p95),
						formatRatio(ratioOf(result.api[key], result.bare[key])),
						result.floor ? formatRatio(ratioOf(result.floor[key], result.bare[key])) : '–',
					],
				]),
			),
		),
	};
}
