// `npm test` and `npm run test:e2e`: runs the test stages in order and times each. A failing stage
// does not stop the ones after it, unless they need what it made (the build). The run ends with
// the duration of every stage, those `.ci/run` timed before it first (the file named by
// STAGE_TIMES), then the browser journeys' report; it exits with the first failed stage's code.
//
// Usage: node scripts/run-tests.mjs [unit] [build] [budgets] [journeys] [processes]   (all, by default)
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { formatJourneysReport } from './testing/journeys-report.mjs';
import { formatStageTimes, parseStageTimes } from './testing/stage-times.mjs';

// Where `playwright.config.ts` writes its JSON report.
const journeysReport = 'test-results/e2e.json';

/** @type {{ key: string, name: string, command: string, needs?: string }[]} */
const stages = [
	{ key: 'unit', name: 'unit and API', command: 'npm run test:unit' },
	{ key: 'build', name: 'build', command: 'npm run build' },
	{
		key: 'budgets',
		name: 'page budgets',
		command: 'node scripts/check-budgets.mjs',
		needs: 'build',
	},
	{
		key: 'journeys',
		name: 'browser journeys',
		command:
			'node scripts/ensure-browser.mjs && node scripts/ensure-nginx.mjs && npx playwright test',
		needs: 'build',
	},
	{ key: 'processes', name: 'processes', command: 'npm run test:processes', needs: 'build' },
];

const chosen = process.argv.slice(2);
const unknown = chosen.filter((key) => !stages.some((stage) => stage.key === key));
if (unknown.length) {
	console.error(
		`Unknown stage ${unknown.join(', ')}; the stages: ${stages.map((s) => s.key).join(', ')}`,
	);
	process.exit(2);
}

const selected = stages.filter((stage) => !chosen.length || chosen.includes(stage.key));
const runsJourneys = selected.some((stage) => stage.key === 'journeys');
// A report left by an earlier run must not pass for this one's.
if (runsJourneys) rmSync(journeysReport, { force: true });

/** @type {import('./testing/stage-times.mjs').StageTime[]} */
const times = process.env['STAGE_TIMES']
	? parseStageTimes(readFileSync(process.env['STAGE_TIMES'], 'utf8'))
	: [];
const failed = new Set();
let exitCode = 0;
for (const stage of selected) {
	if (stage.needs && failed.has(stage.needs)) {
		console.log(`\n${stage.name}: skipped, as the ${stage.needs} failed`);
		times.push({ name: stage.name, seconds: 0, result: 'skipped' });
		failed.add(stage.key);
		continue;
	}
	console.log(`\n${stage.name}: ${stage.command}`);
	const start = Date.now();
	const { status } = spawnSync(stage.command, { shell: true, stdio: 'inherit' });
	const ok = status === 0;
	if (!ok) failed.add(stage.key);
	if (!ok && !exitCode) exitCode = status ?? 1;
	times.push({
		name: stage.name,
		seconds: (Date.now() - start) / 1000,
		result: ok ? 'ok' : 'failed',
	});
}

console.log(`\nStages\n${formatStageTimes(times)}`);
if (runsJourneys && existsSync(journeysReport)) {
	console.log(`\n${formatJourneysReport(JSON.parse(readFileSync(journeysReport, 'utf8')))}`);
}
process.exit(exitCode);
