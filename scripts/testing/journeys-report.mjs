// What a browser run cost, read from Playwright's JSON report (`test-results/e2e.json`): each
// project's time, the slowest journeys and the flaky ones (failed, then passed on the retry CI
// allows), which pass the run but are listed so they get fixed.
import { formatTable } from '../bench/format.mjs';

/**
 * @typedef {object} JourneyRun One journey in one project, every try of it.
 * @property {string} project
 * @property {string} file
 * @property {string} title The describe blocks' titles and the test's, joined by ›.
 * @property {'expected' | 'unexpected' | 'flaky' | 'skipped'} status
 * @property {number} tries
 * @property {number} seconds Every try's duration, added up.
 * @property {number} start Milliseconds since the epoch, when the first try began.
 * @property {number} end When the last try ended.
 */

/**
 * Every journey of the report, flattened out of its nested suites.
 * @param {import('@playwright/test/reporter').JSONReport} report
 * @returns {JourneyRun[]}
 */
export function journeyRuns(report) {
	/** @type {JourneyRun[]} */
	const runs = [];
	/**
	 * @param {import('@playwright/test/reporter').JSONReportSuite} suite
	 * @param {string[]} titles The enclosing describe blocks; a file's own suite adds none.
	 */
	const visit = (suite, titles) => {
		for (const spec of suite.specs) {
			for (const test of spec.tests) {
				const starts = test.results.map((result) => Date.parse(result.startTime));
				const ends = test.results.map((result) => Date.parse(result.startTime) + result.duration);
				runs.push({
					project: test.projectName,
					file: spec.file,
					title: [...titles, spec.title].join(' › '),
					status: test.status,
					tries: test.results.length,
					seconds: test.results.reduce((sum, result) => sum + result.duration, 0) / 1000,
					start: Math.min(...starts),
					end: Math.max(...ends),
				});
			}
		}
		for (const child of suite.suites ?? []) visit(child, [...titles, child.title]);
	};
	for (const fileSuite of report.suites) visit(fileSuite, []);
	return runs;
}

/**
 * Per project: journeys run, failed and flaky, the time of every try added up, and the wall time
 * from its first journey's start to its last one's end.
 * @param {JourneyRun[]} runs
 */
export function projectTimes(runs) {
	const projects = [...new Set(runs.map((run) => run.project))];
	return projects.map((project) => {
		const ran = runs.filter((run) => run.project === project && run.status !== 'skipped');
		return {
			project,
			journeys: ran.length,
			failed: ran.filter((run) => run.status === 'unexpected').length,
			flaky: ran.filter((run) => run.status === 'flaky').length,
			testSeconds: ran.reduce((sum, run) => sum + run.seconds, 0),
			wallSeconds: ran.length
				? (Math.max(...ran.map((run) => run.end)) - Math.min(...ran.map((run) => run.start))) / 1000
				: 0,
		};
	});
}

/**
 * The `count` journeys that took longest, every try included.
 * @param {JourneyRun[]} runs
 * @param {number} count
 */
export function slowestJourneys(runs, count) {
	return [...runs].sort((a, b) => b.seconds - a.seconds).slice(0, count);
}

/**
 * The journeys that failed and then passed on a retry.
 * @param {JourneyRun[]} runs
 */
export function flakyJourneys(runs) {
	return runs.filter((run) => run.status === 'flaky');
}

/**
 * Seconds as people read a duration: `48s`, `3m 05s`, `1h 02m`.
 * @param {number} seconds
 */
export function formatDuration(seconds) {
	const whole = Math.round(seconds);
	if (whole < 60) return `${whole}s`;
	const pad = (/** @type {number} */ n) => String(n).padStart(2, '0');
	if (whole < 3600) return `${Math.floor(whole / 60)}m ${pad(whole % 60)}s`;
	return `${Math.floor(whole / 3600)}h ${pad(Math.floor((whole % 3600) / 60))}m`;
}

/**
 * `text` cut to `width` characters, an ellipsis marking the cut, so a table of long journey titles
 * still fits a log's width.
 * @param {string} text
 * @param {number} width
 */
export function shorten(text, width) {
	return text.length > width ? `${text.slice(0, width - 1)}…` : text;
}

/**
 * The report as printed at the end of a run: projects, the slowest journeys, the flaky ones.
 * @param {import('@playwright/test/reporter').JSONReport} report
 * @param {{ slowest?: number }} [options]
 */
export function formatJourneysReport(report, { slowest = 15 } = {}) {
	const runs = journeyRuns(report);
	const flaky = flakyJourneys(runs);
	const journeyRow = (/** @type {JourneyRun} */ run) => [
		run.project,
		run.file,
		shorten(run.title, 80),
	];
	return [
		'Browser journeys by project',
		formatTable(
			['project', 'journeys', 'failed', 'flaky', 'test time', 'wall time'],
			projectTimes(runs).map((row) => [
				row.project,
				row.journeys,
				row.failed,
				row.flaky,
				formatDuration(row.testSeconds),
				formatDuration(row.wallSeconds),
			]),
		),
		'',
		`Slowest ${slowest} journeys (every try)`,
		formatTable(
			['project', 'file', 'journey', 'seconds'],
			slowestJourneys(runs, slowest).map((run) => [...journeyRow(run), run.seconds.toFixed(1)]),
			{ align: ['left', 'left', 'left', 'right'] },
		),
		'',
		...(flaky.length
			? [
					'Flaky journeys (failed, then passed on a retry)',
					formatTable(['project', 'file', 'journey'], flaky.map(journeyRow), {
						align: ['left', 'left', 'left'],
					}),
				]
			: []),
		`flaky: ${flaky.length}`,
	].join('\n');
}
