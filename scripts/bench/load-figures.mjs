// The figures of a load: what one run brings back, whatever drove it, and how the runs of one side
// of an endpoint add up to its throughput and latencies.

/**
 * The summary figures of one or more runs' latencies, nearest-rank percentiles over all of them.
 * A run timed here brings every answer's latency, each counting once; a wrk run brings its
 * latency at every thousandth of its answers, each standing for a thousandth of them, and its
 * slowest answer.
 * @param {Array<{ values: number[], weight?: number, max?: number }>} runs milliseconds
 */
export function latencyFigures(runs) {
	const entries = runs
		.flatMap(({ values, weight = 1 }) => values.map((value) => [value, weight]))
		.sort((a, b) => a[0] - b[0]);
	const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
	const rank = (p) => {
		// The first latency that the given share of the answers reaches (a margin for the
		// rounding of fractional weights).
		const reached = (p / 100) * total - 1e-6;
		let seen = 0;
		return entries.find(([, weight]) => (seen += weight) >= reached)?.[0];
	};
	const max = runs.reduce(
		(slowest, { values, max: runMax }) =>
			Math.max(slowest, runMax ?? values.reduce((a, b) => Math.max(a, b), -Infinity)),
		-Infinity,
	);
	const round = (ms) => (ms === undefined ? undefined : Math.round(ms * 100) / 100);
	return {
		count: Math.round(total),
		p50: round(rank(50)),
		p95: round(rank(95)),
		p99: round(rank(99)),
		max: round(total > 0 ? max : undefined),
		mean: round(entries.reduce((sum, [value, weight]) => sum + value * weight, 0) / (total || 1)),
	};
}

/**
 * One measured run of a load, as `combine` takes it: the answers and seconds counted, the
 * latencies (see `latencyFigures`) and, where the load generator keeps them, each label's.
 * @typedef {{ requests: number, errors: number, seconds: number,
 *   latencies: { values: number[], weight?: number, max?: number },
 *   byLabel: Record<string, number[]>, errorSamples: string[] }} Run
 */

/**
 * How long a run warms up (not recorded: fills the pools, the page cache and V8's JIT, and
 * brings the queue to its steady state) and how long it is then measured.
 * @typedef {{ warmupMs: number, measureMs: number }} Timing
 */

/**
 * The figures of one side of an endpoint from its runs: answers per second over all the measured
 * seconds, and latencies over all the answers.
 * @param {Run[]} runs
 */
export function combine(runs) {
	const requests = runs.reduce((sum, run) => sum + run.requests, 0);
	const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
	const labels = [...new Set(runs.flatMap((run) => Object.keys(run.byLabel)))];
	return {
		requests,
		errors: runs.reduce((sum, run) => sum + run.errors, 0),
		seconds: Math.round(seconds * 100) / 100,
		rps: seconds > 0 ? Math.round((requests / seconds) * 10) / 10 : 0,
		latency: latencyFigures(runs.map((run) => run.latencies)),
		byLabel: Object.fromEntries(
			labels.map((label) => [
				label,
				latencyFigures(runs.map((run) => ({ values: run.byLabel[label] ?? [] }))),
			]),
		),
		errorSamples: [...new Set(runs.flatMap((run) => run.errorSamples))].slice(0, 5),
	};
}

/** API throughput over bare throughput, or undefined when the bare run had no answers. */
export const ratioOf = (api, bare) => (bare.rps > 0 ? api.rps / bare.rps : undefined);
