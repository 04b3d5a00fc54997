import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
	flakyJourneys,
	formatDuration,
	formatJourneysReport,
	journeyRuns,
	projectTimes,
	shorten,
	slowestJourneys,
} from '../../scripts/testing/journeys-report.mjs';
import { formatStageTimes, parseStageTimes } from '../../scripts/testing/stage-times.mjs';

/** Two projects: a flaky journey in a describe block, a skipped one, a failed one. */
const report = JSON.parse(readFileSync('tests/unit/fixtures/e2e-report.json', 'utf8'));

describe('the browser journeys report', () => {
	it('names each journey by its describe blocks and title, in its project and file', () => {
		expect(journeyRuns(report).map(({ project, file, title }) => [project, file, title])).toEqual([
			['main', 'home.spec.ts', 'shows the newest items'],
			['main', 'home.spec.ts', 'shows the heroes'],
			['main', 'home.spec.ts', 'footer (id) › links to the terms'],
			['behind-proxy', 'behind-proxy.spec.ts', 'a visitor signs up through the proxy'],
			['behind-proxy', 'behind-proxy.spec.ts', 'cookies are secure'],
		]);
	});

	it('adds up every try of a project and spans its wall time, skipped journeys aside', () => {
		expect(projectTimes(journeyRuns(report))).toEqual([
			{ project: 'main', journeys: 2, failed: 0, flaky: 1, testSeconds: 9.5, wallSeconds: 7.5 },
			{
				project: 'behind-proxy',
				journeys: 2,
				failed: 1,
				flaky: 0,
				testSeconds: 7.5,
				wallSeconds: 8,
			},
		]);
	});

	it('ranks the slowest journeys with their retries counted', () => {
		const slowest = slowestJourneys(journeyRuns(report), 3);
		expect(slowest.map((run) => [run.title, run.seconds])).toEqual([
			['a visitor signs up through the proxy', 6],
			['footer (id) › links to the terms', 5.5],
			['shows the newest items', 4],
		]);
	});

	it('lists as flaky only a journey that failed and then passed', () => {
		expect(flakyJourneys(journeyRuns(report)).map((run) => [run.title, run.tries])).toEqual([
			['footer (id) › links to the terms', 2],
		]);
	});

	it('ends with the number of flaky journeys', () => {
		const printed = formatJourneysReport(report, { slowest: 2 });
		expect(printed).toContain('Slowest 2 journeys');
		expect(printed).toMatch(/main\s+home\.spec\.ts\s+footer \(id\) › links to the terms\n/);
		expect(printed.split('\n').at(-1)).toBe('flaky: 1');
	});

	it.each([
		['links to the terms', 'links to the terms'],
		['links to the terms and the privacy policy', 'links to the terms an…'],
	])('shortens %j to %j for the tables', (title, shortened) => {
		expect(shorten(title, 22)).toBe(shortened);
	});

	it.each([
		[0.4, '0s'],
		[48.6, '49s'],
		[185, '3m 05s'],
		[3720, '1h 02m'],
	])('prints %s seconds as %s', (seconds, printed) => {
		expect(formatDuration(seconds)).toBe(printed);
	});
});

describe('the stage times', () => {
	it('reads the stages timed before the tests and totals them with the tests’', () => {
		const stages = [
			...parseStageTimes('npm install\t25\tok\nlint\t40\tok\n\n'),
			{ name: 'browser journeys', seconds: 600, result: 'failed' as const },
		];
		expect(formatStageTimes(stages).split('\n')).toEqual([
			'stage                time  result',
			'----------------  -------  ------',
			'npm install           25s  ok',
			'lint                  40s  ok',
			'browser journeys  10m 00s  failed',
			'total             11m 05s  failed',
		]);
	});
});
