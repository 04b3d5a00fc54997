// API throughput under load, beside the bare query: the item search and the item detail through
// the production server (HTTP, Hono, Drizzle, JSON, compression) against the same SQL sent
// straight to the database with the same concurrency, on PostgreSQL and on PGlite. The ratio says
// how much of the database's capacity survives the layers above it. The API is loaded by wrk
// (autocannon where wrk cannot be installed), the bare queries by this process through the same
// driver the server uses.
//
// A search's total is counted once per list version (until an item changes) and then cached, so
// the loaded runs measure the steady search, on both sides; the cold search, which counts, is
// timed alone per word and printed beside it.
//
// On PostgreSQL a third side, the HTTP floor (floor-server.mjs), answers the same requests from
// the same statements with plain node:http and no framework: the share of the bare throughput it
// keeps is the most any API could keep on this machine, which puts the API's ratio in proportion.
//
// Each database is seeded with 100,000 items from the project's own migrations, so the indexes are
// the ones production has. On PostgreSQL the bare run, the API and the floor take turns in short
// slices, so a drift in the machine's speed falls on all alike, and never run at once (they would
// compete for the same cores). PGlite cannot be opened by two processes: its bare run comes first
// and is closed before the server starts.
//
// The parts: api-settings.mjs (sizes, timing, words, targets), api-seed.mjs (the seed),
// bare-queries.mjs (the bare side), load-driver.mjs and wrk.mjs (the loads), load-figures.mjs
// (what a load measured), api-servers.mjs (the API and floor servers), api-postgres.mjs and
// api-pglite.mjs (one database's run each), api-report.mjs (the tables).
import { benchPglite } from './api-pglite.mjs';
import { benchPostgres } from './api-postgres.mjs';
import { printDatabase } from './api-report.mjs';
import {
	acceptEncoding,
	connections,
	donorCount,
	itemCount,
	leadInMs,
	measureMs,
	pairs,
	poolSize,
	searchWords,
	selectedDatabases,
	sliceMs,
	targets,
	warmupMs,
} from './api-settings.mjs';

export { summarize } from './api-report.mjs';

export const name = 'api';
export const description = 'API throughput under load, beside the bare query';

/**
 * Seeds both databases, measures the bare queries and the API on each, and prints a table per
 * database. A database that cannot be measured (no PostgreSQL server, say) is reported in
 * `failed` and the other one still runs.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run(context) {
	const { log } = context;
	log(
		`${itemCount} items, ${donorCount} donors, one photo row per item (all pointing at one ` +
			`stored photo); search words ${searchWords.join(', ')} in turn, detail of random ids; ` +
			`${connections} concurrent callers, ${warmupMs / 1_000} s warm-up, then on PostgreSQL ` +
			`${pairs} turns of ${sliceMs / 1_000} s per side, on PGlite ${measureMs / 1_000} s per ` +
			`side; ${poolSize} database connections for the server and the bare run.`,
	);
	const databases = [];
	const failed = [];
	const benches = [
		['PostgreSQL', 'postgres', benchPostgres],
		['PGlite', 'pglite', benchPglite],
	].filter(([, key]) => selectedDatabases.includes(key));
	for (const [label, , bench] of benches) {
		log();
		try {
			const result = await bench(context);
			databases.push(result);
			printDatabase(result, log);
			if (result.api.mismatches.length) {
				failed.push({ database: label, error: result.api.mismatches.join('; ') });
			}
		} catch (error) {
			const message = error instanceof Error ? error.message : String(error);
			failed.push({ database: label, error: message });
			log(`!! ${label} failed: ${message}`);
		}
	}
	return {
		itemCount,
		donorCount,
		photoRows: 'one per item, all sharing one stored photo key',
		connections,
		warmupSeconds: warmupMs / 1_000,
		measureSeconds: measureMs / 1_000,
		postgresTurns: { pairs, sliceSeconds: sliceMs / 1_000, leadInSeconds: leadInMs / 1_000 },
		poolSize,
		searchWords,
		acceptEncoding,
		targets,
		databases,
		failed,
	};
}
