// How long each stage of a test run took. `.ci/run` times the stages before `npm test` (system
// packages, npm install, lint, type check) and hands them over in a file of tab-separated lines,
// `<stage>\t<seconds>\t<result>`, so that `npm test` ends with one table of them all.
import { formatTable } from '../bench/format.mjs';
import { formatDuration } from './journeys-report.mjs';

/** @typedef {{ name: string, seconds: number, result: 'ok' | 'failed' | 'skipped' }} StageTime */

/**
 * The stages in a file of stage times; blank lines are ignored.
 * @param {string} text
 * @returns {StageTime[]}
 */
export function parseStageTimes(text) {
	return text
		.split('\n')
		.filter((line) => line.trim())
		.map((line) => {
			const [name = '', seconds = '0', result = 'ok'] = line.split('\t');
			return {
				name,
				seconds: Number(seconds),
				result: /** @type {StageTime['result']} */ (result),
			};
		});
}

/**
 * The stages as a table, ending with their total.
 * @param {StageTime[]} stages
 */
export function formatStageTimes(stages) {
	const total = stages.reduce((sum, stage) => sum + stage.seconds, 0);
	const failed = stages.some((stage) => stage.result !== 'ok');
	return formatTable(
		['stage', 'time', 'result'],
		[
			...stages.map((stage) => [stage.name, formatDuration(stage.seconds), stage.result]),
			['total', formatDuration(total), failed ? 'failed' : 'ok'],
		],
		{ align: ['left', 'right', 'left'] },
	);
}
