// Place filters and "near me" under load, beside their bare queries: the item list filtered by
// province, city and district, and ordered nearest first for a signed-in viewer, through the
// production server, against the SQL that finds the same page sent straight to PostgreSQL with
// the same concurrency. The plain list (no filter) is measured the same way, for comparison.
// The API is loaded by wrk where it can be had (autocannon otherwise), as in the API benchmark:
// a load generator in this process would take CPU that the server and the database need.
// Seeded like the API benchmark (api-seed.mjs): 100,000 items spread over a thousand real
// districts. BENCH_API_SECONDS and BENCH_API_ITEMS shorten a trial run, as there.
import { randomBytes } from 'node:crypto';
import { formatLatency, formatRatio, formatRps } from './api-report.mjs';
import { seed, storeSharedPhoto } from './api-seed.mjs';
import { startApiServer } from './api-servers.mjs';
import { connections, measureMs, poolSize, warmupMs } from './api-settings.mjs';
import { formatTable } from './format.mjs';
import { statements } from './item-statements.mjs';
import { listLoadResults, signInViewer } from './list-loads.mjs';
import { combine, ratioOf } from './load-figures.mjs';
import { drive, loadApi } from './load-driver.mjs';
import { scratchDatabase, seedTarget } from './scratch-database.mjs';
import { findWrk } from './wrk.mjs';
import { undoList } from './undo-list.mjs';

export const name = 'places';
export const description = 'filtered and near-me item lists under load, beside their bare queries';

const pageSize = 12;
const newest = 'order by "created_at" desc, "id" desc';

/** The page's ids of an available list, narrowed by `condition` (on $1 where it has one). */
const pageIdsSql = (condition) =>
	`select "id" from "items" where "status" = 'AVAILABLE'${condition ? ` and ${condition}` : ''} ` +
	`${newest} limit ${pageSize}`;

/** The first page in "near me" order for a viewer in $1 (district), $2 (city), $3 (province). */
const nearIdsSql =
	'select "id" from (' +
	[
		'"pickup_district_code" = $1',
		'"pickup_regency_code" = $2 and "pickup_district_code" <> $1',
		'"pickup_province_code" = $3 and "pickup_regency_code" <> $2',
		'("pickup_province_code" <> $3 or "pickup_province_code" is null)',
	]
		.map(
			(group, index) =>
				`(select "id", ${index} as "group", "created_at" from "items" ` +
				`where ${group} and "status" = 'AVAILABLE' ${newest} limit ${pageSize})`,
		)
		.join(' union all ') +
	`) as near order by "group", "created_at" desc, "id" desc limit ${pageSize}`;

/**
 * The lists measured: each one's API path and the bare SQL of its page (the ids, then the items
 * with their donors and photos, as the server reads a page whose total it knows).
 * @param {{ province: string, regency: string, district: string }} home the busiest district
 */
function lists(home) {
	const link = (code) => code.replaceAll('.', '');
	const base = '/api/items?status=available';
	return [
		{ key: 'plain', name: 'plain list', path: base, sql: pageIdsSql(''), params: [] },
		{
			key: 'province',
			name: 'by province',
			path: `${base}&province=${link(home.province)}`,
			sql: pageIdsSql('"pickup_province_code" = $1'),
			params: [home.province],
		},
		{
			key: 'regency',
			name: 'by city',
			path: `${base}&regency=${link(home.regency)}`,
			sql: pageIdsSql('"pickup_regency_code" = $1'),
			params: [home.regency],
		},
		{
			key: 'district',
			name: 'by district',
			path: `${base}&district=${link(home.district)}`,
			sql: pageIdsSql('"pickup_district_code" = $1'),
			params: [home.district],
		},
		{
			key: 'near',
			name: 'near me',
			path: `${base}&near=me`,
			sql: nearIdsSql,
			params: [home.district, home.regency, home.province],
			signedIn: true,
		},
	];
}

/**
 * Stops the run when a list's path does not answer 200 with items, since wrk only counts the
 * failures.
 * @param {string} baseUrl
 * @param {{ paths: string[], headers: Record<string, string> }} load
 */
async function expectAnswer(baseUrl, { paths: [listPath], headers }) {
	const response = await fetch(`${baseUrl}${listPath}`, { headers });
	const body = await response.json();
	if (!response.ok || !body?.data?.items?.length) {
		throw new Error(
			`${listPath} answered ${response.status}: ${JSON.stringify(body).slice(0, 200)}`,
		);
	}
}

/**
 * Seeds a throwaway PostgreSQL database, signs in a viewer living in its busiest district, and
 * measures each list bare and through the API, one after the other.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ root, buildDir, host, log, onInterrupt }) {
	const photoKey = `items/${randomBytes(16).toString('hex')}`;
	const undo = undoList(onInterrupt);
	try {
		const { databaseUrl, dataDir, client } = await scratchDatabase({
			name: 'places',
			connections: poolSize,
			log,
			undo,
		});
		await storeSharedPhoto(dataDir, photoKey);
		await seed(seedTarget(root, client), photoKey, log);
		const [home] = await client`
			select pickup_province_code as province, pickup_regency_code as regency,
				pickup_district_code as district
			from items where status = 'AVAILABLE'
			group by 1, 2, 3 order by count(*) desc limit 1`;
		const viewerCookie = await signInViewer(client, home.district);
		log(
			`  viewer in district ${home.district} (city ${home.regency}, province ${home.province}); ` +
				`${connections} callers, ${warmupMs / 1_000} s warm-up, ${measureMs / 1_000} s per side`,
		);

		const server = await startApiServer({
			root,
			buildDir,
			host,
			env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
			track: undo.add,
		});
		const timing = { warmupMs, measureMs };
		const wrk = findWrk(log);
		const results = {};
		for (const list of lists(home)) {
			const bare = combine([
				await drive(async () => {
					const ids = (await client.unsafe(list.sql, list.params).values()).map(([id]) => id);
					await client.unsafe(statements.itemsWithIds, [ids], { prepare: true }).values();
					return list.key;
				}, timing),
			]);
			const load = {
				paths: [list.path],
				labels: [list.key],
				headers: list.signedIn ? { cookie: viewerCookie } : {},
			};
			await expectAnswer(server.baseUrl, load);
			const api = combine([await loadApi(wrk, server.baseUrl, load, timing)]);
			results[list.key] = { name: list.name, path: list.path, bare, api };
			log(
				`  ${list.name}: API ${formatRps(api.rps)} req/s, p95 ${formatLatency(api.latency.p95)}; ` +
					`bare ${formatRps(bare.rps)} req/s, p95 ${formatLatency(bare.latency.p95)}` +
					(api.errors ? `; !! ${api.errors} errors: ${api.errorSamples.join('; ')}` : ''),
			);
		}
		log();
		log(
			formatTable(
				['List', 'API req/s', 'API p95', 'Bare req/s', 'Bare p95', 'API/bare'],
				Object.values(results).map(({ name: listName, api, bare }) => [
					listName,
					formatRps(api.rps),
					formatLatency(api.latency.p95),
					formatRps(bare.rps),
					formatLatency(bare.latency.p95),
					formatRatio(ratioOf(api, bare)),
				]),
			),
		);
		return { home, ...listLoadResults(wrk, results) };
	} finally {
		await undo.done();
	}
}

/** The summary's rows: each list's API throughput, p95 against the target, and API/bare. */
export function summarize(results) {
	return {
		columns: ['Places req/s', 'Places p95', 'Places API/bare'],
		rows: new Map(
			Object.values(results.lists).map(({ name: listName, api, bare }) => [
				`places: ${listName}`,
				[formatRps(api.rps), formatLatency(api.latency.p95), formatRatio(ratioOf(api, bare))],
			]),
		),
	};
}
