// The API benchmark on PGlite: a fresh data folder, seeded and measured bare in this process,
// closed, then served by the server from the same folder (PGlite cannot be opened by two
// processes at once).
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { seed, storeSharedPhoto } from './api-seed.mjs';
import { apiLoads, endpointResults, startApiServer } from './api-servers.mjs';
import { connections, measureMs, warmupMs } from './api-settings.mjs';
import { bareCalls, bareLoads, resolveWords } from './bare-queries.mjs';
import { combine } from './load-figures.mjs';
import { undoList } from './undo-list.mjs';

/**
 * PGlite: a fresh data folder, seeded and measured in this process, closed, then served by the
 * server from the same folder; removed whatever happens.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function benchPglite({ root, buildDir, host, log, onInterrupt }) {
	const photoKey = `items/${randomBytes(16).toString('hex')}`;
	const undo = undoList(onInterrupt);
	try {
		const dataDir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-api-'));
		undo.add(() => rm(dataDir, { recursive: true, force: true }));
		await storeSharedPhoto(dataDir, photoKey);
		// Where the server looks for it: DATA_DIR/db (openConfiguredDatabase).
		const dbDir = path.join(dataDir, 'db');
		await mkdir(dbDir, { recursive: true });
		const open = () => new PGlite({ dataDir: dbDir, extensions: { pg_trgm } });
		let client = open();
		let seeded;
		let version;
		try {
			version = (await client.query('show server_version')).rows[0].server_version;
			log(`PGlite (PostgreSQL ${version}): ${dbDir}`);
			seeded = await seed(
				{
					migrate: () =>
						migratePglite(drizzlePglite(client), { migrationsFolder: path.join(root, 'drizzle') }),
					exec: (text) => client.exec(text),
					all: async (text) => (await client.query(text, [], { rowMode: 'array' })).rows,
				},
				photoKey,
				log,
			);
		} finally {
			await client.close();
		}
		undo.check();
		// Reopened for the bare run: the instance that did the bulk load queried about four times
		// slower (its memory full of the load), and the server too starts from a fresh open.
		client = open();
		// One slice per side, the bare one first (see `pairs` in api-settings.mjs).
		const timing = { warmupMs, measureMs };
		let words;
		let bareSearch;
		let bareDetail;
		try {
			// In this process and single-threaded, as the server's own PGlite is. PGlite runs a query
			// synchronously and hands the next one over in a microtask, so 50 waiting callers would
			// keep the event loop from ever reaching timers and signals (Ctrl-C); a turn of the loop
			// before each query (microseconds, against milliseconds per query) lets it breathe.
			const query = async (text, params) => {
				await setImmediatePromise();
				return (await client.query(text, params, { rowMode: 'array' })).rows;
			};
			const calls = bareCalls(query);
			words = await resolveWords(calls, log);
			const bareLoad = bareLoads(calls, words.resolved, seeded.range);
			log(`  bare search, ${connections} concurrent callers…`);
			bareSearch = combine([await bareLoad.search(timing)]);
			log(`  bare detail, ${connections} concurrent callers…`);
			bareDetail = combine([await bareLoad.detail(timing)]);
		} finally {
			// Closed before the server opens the folder: two PGlite instances on one folder corrupt it.
			await client.close();
		}

		undo.check();
		const server = await startApiServer({
			root,
			buildDir,
			host,
			env: { DATA_DIR: dataDir },
			track: undo.add,
		});
		const apiLoad = await apiLoads(server.baseUrl, seeded.range, words.matches, log);
		log(`  API search, ${connections} connections (${apiLoad.loadGenerator})…`);
		const apiSearch = combine([await apiLoad.search(timing)]);
		log(`  API detail, ${connections} connections (${apiLoad.loadGenerator})…`);
		const apiDetail = combine([await apiLoad.detail(timing)]);
		return {
			database: 'PGlite',
			version,
			...seeded,
			...(await endpointResults({
				words,
				apiLoad,
				search: { bare: bareSearch, api: apiSearch },
				detail: { bare: bareDetail, api: apiDetail },
			})),
			serverPeakRssMb: await server.peakRssMb(),
		};
	} finally {
		await undo.done();
	}
}
