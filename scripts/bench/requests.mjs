// Requests under load, beside their bare queries: asking for an item (a new request, and asking
// again, which changes the open request's quantity) and the two lists of requests (a donor's for
// one item, a receiver's own) through the production server (HTTP, the session, the rate limit,
// Hono, Drizzle, JSON, compression), against the same statements sent straight to PostgreSQL with
// the same concurrency and pool size. The ratio says how much of the database's capacity survives
// the layers above it; the p95 is held to the API's target.
//
// A throwaway database on the local PostgreSQL server, built by the project's own migrations,
// gets the API benchmark's items (api-seed.mjs), then receivers with about ten requests each in
// assorted states, the notifications those sent, and sessions to call with (requests-seed.mjs,
// requests-callers.mjs); it is dropped whatever happens. Every new request takes a pair of
// receiver and item no call took before, so each one creates a request and none meets a limit.
// The lists are measured first, on the seeded data; the writes follow. For each, the bare run and
// the API take turns in short slices, as in the API benchmark, so a drift in the machine's speed
// falls on both alike.
//
// The parts: requests-settings.mjs (sizes, timing, the calls), requests-seed.mjs (the seed),
// requests-callers.mjs (sessions and what each call takes), requests-statements.mjs and
// requests-bare.mjs (the bare side), requests-api.mjs (the API side), requests-report.mjs (the
// tables). The loads run through load-driver.mjs.
import { randomBytes } from 'node:crypto';
import { seed } from './api-seed.mjs';
import { startApiServer } from './api-servers.mjs';
import {
	connections,
	itemCount,
	leadInMs,
	pairs,
	poolSize,
	targets,
	warmupMs,
} from './api-settings.mjs';
import { combine, ratioOf } from './load-figures.mjs';
import { drive } from './load-driver.mjs';
import { apiCalls } from './requests-api.mjs';
import { bareCalls } from './requests-bare.mjs';
import { askingAgain, handOut, prepareCallers, randomOf } from './requests-callers.mjs';
import { printRequests } from './requests-report.mjs';
import { seedRequests } from './requests-seed.mjs';
import {
	endpoints,
	popularEvery,
	popularRequests,
	receiverCount,
	sliceMs,
} from './requests-settings.mjs';
import { scratchDatabase, seedTarget } from './scratch-database.mjs';
import { undoList } from './undo-list.mjs';

export { summarize } from './requests-report.mjs';

export const name = 'requests';
export const description = 'requests and their lists under load, beside the bare queries';

/** @typedef {import('./load-figures.mjs').Run} Run */
/** @typedef {import('./load-figures.mjs').Timing} Timing */

/**
 * Measures a call bare and through the API in turns: `pairs` times a bare slice, then an API
 * slice (see `inTurns` in api-postgres.mjs for why). Also times this process's CPU during the API
 * slices, the cost of sending the calls, per call sent.
 * @param {(timing: Timing) => Promise<Run>} bare
 * @param {(timing: Timing) => Promise<Run>} api
 * @param {() => number} apiCallsSent
 */
async function takeTurns(bare, api, apiCallsSent) {
	const bareRuns = [];
	const apiRuns = [];
	let clientMicroseconds = 0;
	const sentBefore = apiCallsSent();
	for (let pair = 0; pair < pairs; pair++) {
		const timing = { warmupMs: pair === 0 ? warmupMs : leadInMs, measureMs: sliceMs };
		bareRuns.push(await bare(timing));
		const cpuBefore = process.cpuUsage();
		apiRuns.push(await api(timing));
		const cpu = process.cpuUsage(cpuBefore);
		clientMicroseconds += cpu.user + cpu.system;
	}
	const rps = (run) => ({ rps: run.requests / run.seconds });
	const sent = apiCallsSent() - sentBefore;
	return {
		bare: combine(bareRuns),
		api: combine(apiRuns),
		pairRatios: bareRuns.map((run, index) => ratioOf(rps(apiRuns[index]), rps(run))),
		clientMicrosecondsPerCall: sent > 0 ? Math.round(clientMicroseconds / sent) : undefined,
	};
}

/**
 * Seeds a throwaway PostgreSQL database, measures each call bare and through the API, prints the
 * table and drops the database. A call with no answers on either side is listed in `failed`.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ root, buildDir, host, log, onInterrupt }) {
	log(
		`${itemCount} items, ${receiverCount} receivers with about ten requests each, every ` +
			`${popularEvery}th item with ${popularRequests} (the donors' lists); ${connections} ` +
			`concurrent callers, ${warmupMs / 1_000} s warm-up, then ${pairs} turns of ` +
			`${sliceMs / 1_000} s per side and call; ${poolSize} database connections for the ` +
			'server and the bare run.',
	);
	const undo = undoList(onInterrupt);
	try {
		const { databaseUrl, version, dataDir, client } = await scratchDatabase({
			name: 'requests',
			connections: poolSize,
			log,
			undo,
		});
		// Drizzle also sets the pool's types up as the server's (see requests-bare.mjs).
		const database = seedTarget(root, client);
		// No photo file is stored: the lists name the cover's key, they never read it.
		const seeded = await seed(database, `items/${randomBytes(16).toString('hex')}`, log);
		const requests = await seedRequests(database, log);
		const callers = await prepareCallers((text, params) =>
			client.unsafe(text, /** @type {any[]} */ (params)).values(),
		);
		undo.check();

		// The bare pool stays open, idle while the API's slices run.
		const server = await startApiServer({
			root,
			buildDir,
			host,
			env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
			track: undo.add,
		});
		const api = apiCalls(server.baseUrl, callers.tokens);
		undo.add(async () => api.close());
		const bare = bareCalls(client);
		const asks = handOut(callers.askPairs);
		// What each call takes, the same for both sides: new requests and asking again share
		// their lists, so the API never repeats what the bare run did.
		const nextCall = {
			donorList: () => randomOf(callers.donorItems),
			receiverList: () => randomOf(callers.receivers),
			ask: asks.take,
			askAgain: askingAgain(callers.openRequests),
		};
		const measured = {};
		for (const { key, label } of endpoints) {
			log(`  ${label}: bare and API in turns…`);
			const load = (calls) => (timing) =>
				drive(async () => {
					await calls[key](nextCall[key]());
					return key;
				}, timing);
			measured[key] = await takeTurns(load(bare), load(api), api.sent);
		}
		const answers = api.answers();
		const result = {
			database: 'PostgreSQL',
			version,
			items: seeded.items,
			...requests,
			seed: { items: seeded.seed, requests: requests.seed },
			connections,
			poolSize,
			warmupSeconds: warmupMs / 1_000,
			turns: { pairs, sliceSeconds: sliceMs / 1_000, leadInSeconds: leadInMs / 1_000 },
			targets: { p95Ms: targets.p95Ms },
			askPairs: { available: callers.askPairs.length, used: asks.taken() },
			endpoints: Object.fromEntries(
				endpoints.map(({ key, label }) => [key, { label, ...measured[key], answer: answers[key] }]),
			),
			serverPeakRssMb: await server.peakRssMb(),
		};
		printRequests(result, log);
		const failed = endpoints
			.filter(({ key }) => !measured[key].bare.requests || !measured[key].api.requests)
			.map(({ label }) => ({ call: label, error: 'no answers on one side' }));
		return { ...result, failed };
	} finally {
		await undo.done();
	}
}
