// The API benchmark on PostgreSQL: a throwaway database on the local server, seeded, then the bare
// queries, the API and the HTTP floor in turns.
import { randomBytes } from 'node:crypto';
import { seed, storeSharedPhoto } from './api-seed.mjs';
import { apiLoads, endpointResults, startApiServer, startFloorServer } from './api-servers.mjs';
import { connections, leadInMs, pairs, poolSize, sliceMs, warmupMs } from './api-settings.mjs';
import { bareCalls, bareLoads, resolveWords } from './bare-queries.mjs';
import { combine, ratioOf } from './load-figures.mjs';
import { httpLoads } from './load-driver.mjs';
import { scratchDatabase, seedTarget } from './scratch-database.mjs';
import { undoList } from './undo-list.mjs';

/** @typedef {import('./load-figures.mjs').Run} Run */
/** @typedef {import('./load-figures.mjs').Timing} Timing */

/**
 * Measures an endpoint bare, through the API and through the HTTP floor server in turns: `pairs`
 * times a bare slice, then an API slice, then a floor slice. On shared or virtual cores the
 * machine's speed drifts from one minute to the next, often by a fifth; sides measured a minute
 * apart would carry that drift into their ratio, sides measured in turns share it. The ratio of
 * each pair shows how much remains.
 * @param {(timing: Timing) => Promise<Run>} bare
 * @param {(timing: Timing) => Promise<Run>} api
 * @param {(timing: Timing) => Promise<Run>} floor
 */
async function inTurns(bare, api, floor) {
	const bareRuns = [];
	const apiRuns = [];
	const floorRuns = [];
	for (let pair = 0; pair < pairs; pair++) {
		const timing = { warmupMs: pair === 0 ? warmupMs : leadInMs, measureMs: sliceMs };
		bareRuns.push(await bare(timing));
		apiRuns.push(await api(timing));
		floorRuns.push(await floor(timing));
	}
	const rps = (run) => ({ rps: run.requests / run.seconds });
	return {
		bare: combine(bareRuns),
		api: combine(apiRuns),
		floor: combine(floorRuns),
		pairRatios: bareRuns.map((run, index) => ratioOf(rps(apiRuns[index]), rps(run))),
	};
}

/**
 * PostgreSQL: a fresh database on the local server, seeded, measured bare, then through the API,
 * and dropped whatever happens.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function benchPostgres({ root, buildDir, host, log, onInterrupt }) {
	const photoKey = `items/${randomBytes(16).toString('hex')}`;
	const undo = undoList(onInterrupt);
	try {
		const { databaseUrl, version, dataDir, client } = await scratchDatabase({
			name: 'api',
			connections: poolSize,
			log,
			undo,
		});
		await storeSharedPhoto(dataDir, photoKey);
		const seeded = await seed(seedTarget(root, client), photoKey, log);
		undo.check();
		// Rows as arrays; named (prepared) statements only where the server prepares them.
		const query = (text, params, prepared = false) =>
			client.unsafe(text, params, { prepare: prepared }).values();
		const calls = bareCalls(query);
		const words = await resolveWords(calls, log);
		const bareLoad = bareLoads(calls, words.resolved, seeded.range);

		// The bare pool stays open, idle while the API's slices run.
		const server = await startApiServer({
			root,
			buildDir,
			host,
			env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
			track: undo.add,
		});
		const apiLoad = await apiLoads(server.baseUrl, seeded.range, words.matches, log);
		const floor = await startFloorServer({
			root,
			host,
			databaseUrl,
			searches: words.resolved,
			readyId: seeded.range.minId,
			track: undo.add,
		});
		const floorLoad = httpLoads(apiLoad.wrk, floor.baseUrl, seeded.range);
		const turns = `${pairs} turns of ${sliceMs / 1_000} s slices, ${connections} callers`;
		log(`  search, bare, API and floor (${apiLoad.loadGenerator}) in turns, ${turns}…`);
		const search = await inTurns(bareLoad.search, apiLoad.search, floorLoad.search);
		log(`  detail, bare, API and floor (${apiLoad.loadGenerator}) in turns, ${turns}…`);
		const detail = await inTurns(bareLoad.detail, apiLoad.detail, floorLoad.detail);
		return {
			database: 'PostgreSQL',
			version,
			...seeded,
			...(await endpointResults({ words, apiLoad, search, detail })),
			floor: { search: search.floor, detail: detail.floor },
			serverPeakRssMb: await server.peakRssMb(),
			pairRatios: { search: search.pairRatios, detail: detail.pairRatios },
		};
	} finally {
		await undo.done();
	}
}
