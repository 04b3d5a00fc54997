// `npm run bench`: builds the app, serves a copy of that build with the production server (see
// bench/server.mjs for why a copy) and runs the benchmark modules in scripts/bench/ against it.
// It prints figures and saves them under bench-results/; it asserts nothing about them, so slow
// numbers never fail it (only a broken run does).
//
// Usage: node scripts/bench.mjs [--no-build] [--only pages,lighthouse] [--pages /,/en]
//                               [--port 4455] [--against <git ref> [--runs 5]]
import { mkdir, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { formatTable } from './bench/format.mjs';
import {
	comparedPages,
	defaultPages,
	itemPlaceholder,
	resolvePages,
} from './bench/page-budgets.mjs';
import { benchBuildDir, buildApp, pickPort, snapshotBuild, startServer } from './bench/server.mjs';

const cpus = availableParallelism();
/** The one-minute load average, rounded for printing. */
const loadAverage = () => Math.round(loadavg()[0] * 10) / 10;
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const host = '127.0.0.1';

// Every benchmark is a module exporting `name`, `description`, `run(context)` (prints its own
// tables, returns JSON-ready results) and `summarize(results)` (columns for the final table,
// keyed by row label). New benchmarks go here.
const modules = {
	pages: () => import('./bench/pages.mjs'),
	lighthouse: () => import('./bench/lighthouse.mjs'),
	api: () => import('./bench/api.mjs'),
	requests: () => import('./bench/requests.mjs'),
	photos: () => import('./bench/photos.mjs'),
	rates: () => import('./bench/rates.mjs'),
	places: () => import('./bench/places.mjs'),
	needs: () => import('./bench/needs.mjs'),
	mixed: () => import('./bench/mixed.mjs'),
	render: () => import('./bench/render.mjs'),
};
// What --against runs instead of a module: the same figures of this build beside another version.
const againstModules = {
	lighthouse: () => import('./bench/lighthouse-against.mjs'),
	mixed: () => import('./bench/mixed-against.mjs'),
};

const usage = `Usage: npm run bench -- [options]
  --no-build            serve the existing dist/ instead of building first
  --only <names>        comma-separated modules to run: ${Object.keys(modules).join(', ')}
  --pages <paths>       comma-separated page paths (default: ${defaultPages.join(',')});
                        ${itemPlaceholder} stands for an item the server shows
  --port <number>       preferred port for the server (default 4455; a free one if taken);
                        the mixed load's processes and balancer take the next three
  --against <git ref>   Lighthouse and the mixed load: build that version too and compare its
                        figures with this build's, runs alternating (Lighthouse's pages by
                        default: ${comparedPages.join(',')}; the mixed load on one process each)
  --runs <number>       with --against: Lighthouse runs per page and version, or rounds of the
                        mixed load (default 5)
  --help                show this text
BENCH_BUILD_DIR names the folder of the served copy (default node_modules/.cache/hibahin-bench).`;

/** Reads the command line into a plain options object; a typo exits with the usage text. */
function readOptions() {
	let values;
	try {
		({ values } = parseArgs({
			allowNegative: true,
			options: {
				build: { type: 'boolean', default: true },
				only: { type: 'string', multiple: true },
				pages: { type: 'string', multiple: true },
				port: { type: 'string', default: '4455' },
				against: { type: 'string' },
				runs: { type: 'string', default: '5' },
				help: { type: 'boolean', default: false },
			},
		}));
	} catch (error) {
		console.error(`${error instanceof Error ? error.message : error}\n\n${usage}`);
		process.exit(2);
	}
	if (values.help) {
		console.log(usage);
		process.exit(0);
	}
	const list = (entries) =>
		(entries ?? [])
			.flatMap((entry) => entry.split(','))
			.map((entry) => entry.trim())
			.filter(Boolean);
	// A comparison with another version is of Lighthouse's figures unless the mixed load is named.
	const only = list(values.only).length || !values.against ? list(values.only) : ['lighthouse'];
	const unknown = only.filter((entry) => !(entry in modules));
	const port = Number(values.port);
	const runs = Number(values.runs);
	const problems = [
		unknown.length && `unknown module(s): ${unknown.join(', ')}`,
		!(Number.isInteger(port) && port > 0 && port < 65536) && `bad --port: ${values.port}`,
		!(Number.isInteger(runs) && runs > 0) && `bad --runs: ${values.runs}`,
		values.against !== undefined &&
			!only.some((entry) => entry in againstModules) &&
			'--against compares Lighthouse or mixed-load figures: add lighthouse or mixed to --only',
		values.against === '' && '--against needs a git ref',
	].filter(Boolean);
	if (problems.length) {
		console.error(`${problems.join('\n')}\n\n${usage}`);
		process.exit(2);
	}
	const pages = list(values.pages).map((page) => (page.startsWith('/') ? page : `/${page}`));
	return {
		build: values.build,
		only: only.length ? only : Object.keys(modules),
		pages: pages.length ? pages : defaultPages,
		port,
		against: values.against,
		runs,
		// What --against compares: the pages named, or one of each kind with an island and home.
		comparePages: pages.length ? pages : comparedPages,
	};
}

/**
 * Merges every module's summary into one table with a row per label (page), so the figures of
 * one page sit side by side.
 * @param {Array<{ columns: string[], rows: Map<string, Array<string | number>> }>} summaries
 * @param {string[]} order labels in the order to print them; others follow as they came
 * @returns {string}
 */
function summaryTable(summaries, order) {
	const rank = (label) => (order.includes(label) ? order.indexOf(label) : order.length);
	const labels = [...new Set(summaries.flatMap((summary) => [...summary.rows.keys()]))].sort(
		(a, b) => rank(a) - rank(b),
	);
	const headers = ['Page', ...summaries.flatMap((summary) => summary.columns)];
	const rows = labels.map((label) => [
		label,
		...summaries.flatMap(
			(summary) => summary.rows.get(label) ?? summary.columns.map(() => undefined),
		),
	]);
	return formatTable(headers, rows);
}

/** @param {string} title */
function heading(title) {
	console.log(`\n== ${title} ${'='.repeat(Math.max(0, 96 - title.length))}`);
}

async function main() {
	const options = readOptions();
	const startedAt = new Date();
	const port = await pickPort(options.port, host);
	const siteUrl = `http://${host}:${port}`;
	if (options.build) {
		heading(`Build (SITE_URL=${siteUrl})`);
		await buildApp({ root, siteUrl });
	} else {
		console.log(
			'Skipping the build: dist/ keeps the SITE_URL it was built with; unless that was ' +
				`${siteUrl}, canonical URLs point elsewhere.`,
		);
	}
	const dir = benchBuildDir(root);
	await snapshotBuild({ root, dir });

	const server = await startServer({ root, dir, host, port, siteUrl });
	// Cleanups of what a module created (a database, a second server), registered while it runs.
	/** @type {Set<() => Promise<void>>} */
	const interruptCleanups = new Set();
	// Ctrl-C skips `finally`; stop the server and remove its data folder all the same, and let the
	// running module remove what it made.
	const onSignal = (signal) => {
		Promise.allSettled([...interruptCleanups].map((cleanup) => cleanup()))
			.then(() => server.stop())
			.finally(() => process.exit(signal === 'SIGINT' ? 130 : 143));
	};
	process.once('SIGINT', onSignal);
	process.once('SIGTERM', onSignal);

	const report = {
		startedAt: startedAt.toISOString(),
		baseUrl: server.baseUrl,
		buildDir: path.relative(root, dir),
		node: process.version,
		options,
		results: {},
		errors: {},
	};
	const summaries = [];
	report.load = { cores: cpus, atStart: loadAverage() };
	/** @type {string[]} */
	let pages;
	try {
		console.log(`Server: ${server.baseUrl} (DATA_DIR ${server.dataDir})`);
		console.log(`Machine: ${cpus} cores, load average ${loadAverage()} at the start`);
		pages = await resolvePages(server.baseUrl, options.pages);
		report.pages = pages;
		for (const moduleName of options.only) {
			const benchmark =
				options.against && moduleName in againstModules
					? await againstModules[moduleName]()
					: await modules[moduleName]();
			heading(`${benchmark.name}: ${benchmark.description}`);
			const started = Date.now();
			try {
				const results = await benchmark.run({
					baseUrl: server.baseUrl,
					pages,
					options,
					root,
					// The served copy of the build, for modules that start servers of their own.
					buildDir: dir,
					host,
					log: (line = '') => console.log(line),
					// A module's own `finally` cleans up on errors; this covers Ctrl-C. Returns the
					// function that unregisters the cleanup once the module did it itself.
					onInterrupt: (cleanup) => {
						interruptCleanups.add(cleanup);
						return () => interruptCleanups.delete(cleanup);
					},
				});
				report.results[moduleName] = results;
				summaries.push(benchmark.summarize(results));
				// Modules list what they could not measure in `failed`; that is a broken run.
				if (results?.failed?.length) process.exitCode = 1;
			} catch (error) {
				// A broken module is reported and the others still run.
				console.error(`${moduleName} failed:`, error);
				report.errors[moduleName] = error instanceof Error ? error.stack : String(error);
				process.exitCode = 1;
			}
			console.log(`\n(${moduleName} took ${((Date.now() - started) / 1000).toFixed(1)} s)`);
		}
	} finally {
		process.off('SIGINT', onSignal);
		process.off('SIGTERM', onSignal);
		await server.stop();
	}

	if (summaries.length) {
		heading('Summary');
		// A comparison's rows are labelled by the pages as named, before `{item}` was resolved.
		console.log(
			summaryTable(summaries, [...(options.against ? options.comparePages : []), ...pages]),
		);
	}

	report.finishedAt = new Date().toISOString();
	report.load.atEnd = loadAverage();
	// Lighthouse's simulated throttling scales the CPU time it observes, so other work on the
	// machine (a test run, a second build) shows up as TBT and lower performance scores.
	const busiest = Math.max(report.load.atStart, report.load.atEnd);
	if (busiest > cpus) {
		console.log(
			`\n!! The machine was busy (load average up to ${busiest} on ${cpus} cores): ` +
				'timings and performance scores are inflated; run again when it is idle.',
		);
	}
	const folder = path.join(root, 'bench-results');
	await mkdir(folder, { recursive: true });
	// Colons and dots are not safe in file names on every system.
	const file = path.join(folder, `${startedAt.toISOString().replace(/[:.]/g, '-')}.json`);
	await writeFile(file, `${JSON.stringify(report, null, '\t')}\n`);
	console.log(`\nResults written to ${path.relative(root, file)}`);
}

main().catch((error) => {
	console.error(error);
	process.exitCode = 1;
});
