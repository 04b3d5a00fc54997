// Prints what the last browser run cost: each project's time, the slowest journeys and the flaky
// ones, from Playwright's JSON report.
//
// Usage: node scripts/test-report.mjs [test-results/e2e.json]
import { existsSync, readFileSync } from 'node:fs';
import { formatJourneysReport } from './testing/journeys-report.mjs';

const file = process.argv[2] ?? 'test-results/e2e.json';
if (!existsSync(file)) {
	console.error(`No browser report at ${file}: run the journeys first (npm run test:e2e).`);
	process.exit(1);
}
console.log(formatJourneysReport(JSON.parse(readFileSync(file, 'utf8'))));
