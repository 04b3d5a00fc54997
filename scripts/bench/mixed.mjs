// Mixed load: signed-out visitors' pages and the API together, as a launch brings them, on
// PostgreSQL, against ONE app process and then TWO behind a load balancer (nginx, round-robin;
// mixed-proxy.mjs). Each kind of request gets its req/s and p50/p95/p99, and the mix as a whole.
// First each kind runs alone on the one process, for the rate of pages beside the item API's
// (mixed-alone.mjs): in the mix every kind's rate is its share of the whole.
//
// A throwaway database on the local server gets the API benchmark's items (api-seed.mjs); every
// process of a run shares it, its pool sized as in the API benchmark. Pages alternate between
// Indonesian and English; item ids are drawn at random over every item, so item pages are mostly
// rendered, not answered from the page cache (decision 031).
//
// BENCH_MIXED_SECONDS (default 60) shortens a trial run; BENCH_API_ITEMS sizes the seed.
import { randomBytes } from 'node:crypto';
import { seed, storeSharedPhoto } from './api-seed.mjs';
import { startApiServer } from './api-servers.mjs';
import { acceptEncoding, itemCount, poolSize, searchWords } from './api-settings.mjs';
import { formatMs, formatTable } from './format.mjs';
import { combine } from './load-figures.mjs';
import { cannon, randomId } from './load-driver.mjs';
import { measureAlone, printAlone } from './mixed-alone.mjs';
import { startBalancer } from './mixed-proxy.mjs';
import { scratchDatabase, seedTarget } from './scratch-database.mjs';
import { undoList } from './undo-list.mjs';

export const name = 'mixed';
export const description =
	'signed-out pages and API mixed, one app process and two behind nginx (PostgreSQL)';

export const callers = 100;
export const measureSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 60);
export const warmupSeconds = 5;
// The shares are a launch day's guess, most visits landing on
// an item shared on WhatsApp or browsing the list; the islands' API reads beside them.
export const mix = [
	{ kind: 'item page', share: 25, page: true, path: ({ id }) => `/items/${id}` },
	{ kind: 'list page', share: 10, page: true, path: () => '/items' },
	{ kind: 'search page', share: 10, page: true, path: ({ word }) => `/items?search=${word}` },
	{ kind: 'city page', share: 5, page: true, path: ({ city }) => `/items/in/${city}` },
	{ kind: 'profile page', share: 5, page: true, path: ({ donor }) => `/profile/${donor}` },
	{ kind: 'home (prerendered)', share: 10, page: true, path: () => '/' },
	{ kind: 'item API', share: 25, page: false, path: ({ id }) => `/api/items/${id}` },
	{ kind: 'search API', share: 10, page: false, path: ({ word }) => `/api/items?search=${word}` },
];

const pick = (values) => values[Math.floor(Math.random() * values.length)];

/**
 * autocannon's one request: each call draws its kind by the shares, and its item, word, city or
 * donor, and leaves the kind in the connection's context for its answer's label. (A list of
 * requests would be walked in order by every connection, not mixed.)
 * @param {{ range: { minId: number, maxId: number }, cities: string[], donors: string[] }} data
 */
export function mixedRequests({ range, cities, donors }) {
	const total = mix.reduce((sum, { share }) => sum + share, 0);
	const drawKind = () => {
		let draw = Math.random() * total;
		return mix.find(({ share }) => (draw -= share) < 0) ?? mix[0];
	};
	return [
		{
			label: (context) => context.kind,
			setupRequest: (request, context) => {
				const { kind, page, path: pathOf } = drawKind();
				context.kind = kind;
				const values = {
					id: randomId(range),
					word: pick(searchWords),
					city: pick(cities),
					donor: pick(donors),
				};
				const english = page && Math.random() < 0.5;
				return {
					...request,
					path: `${english ? '/en' : ''}${pathOf(values)}`.replace(/^\/en\/$/, '/en'),
					headers: {
						...request.headers,
						accept: page ? 'text/html' : 'application/json',
						'accept-encoding': acceptEncoding,
					},
				};
			},
		},
	];
}

/**
 * The slugs of city pages with seeded items, as the places API names them.
 * @param {string} baseUrl
 * @param {import('postgres').Sql} client
 */
export async function citySlugs(baseUrl, client) {
	const places = await client`
		select distinct pickup_province_code as province, pickup_regency_code as regency
		from items
		where status = 'AVAILABLE' and hidden_at is null and pickup_regency_code is not null
		limit 20`;
	const slugs = [];
	for (const province of new Set(places.map((place) => place.province))) {
		const response = await fetch(`${baseUrl}/api/places/provinces/${province}/regencies`);
		const { data } = await response.json();
		for (const city of data.regencies) {
			if (places.some((place) => place.regency === city.code)) slugs.push(city.slug);
		}
	}
	if (!slugs.length) throw new Error('no city page has seeded items');
	return slugs;
}

/** Warm-up, then the measured run, on `baseUrl`. */
export async function measure(baseUrl, requests) {
	await cannon(baseUrl, requests, warmupSeconds, callers);
	return combine([await cannon(baseUrl, requests, measureSeconds, callers)]);
}

/** Prints what the mixed load is: its seed, callers, times and shares. */
export function describeMix(log) {
	const shares = mix.map(({ kind, share }) => `${kind} ${share} %`).join(', ');
	log(
		`${itemCount} items; ${callers} callers, ${warmupSeconds} s warm-up, ${measureSeconds} s ` +
			`measured per run; ${poolSize} database connections per process. Mix: ${shares}.`,
	);
}

/**
 * A throwaway database seeded with the API benchmark's items, and `start`, which starts the
 * build in `buildDir` (run from `root`) on it; `undo` drops both.
 * @param {{ root: string, log: (line?: string) => void,
 *   undo: ReturnType<typeof undoList> }} context
 */
export async function seededMix({ root, log, undo }) {
	const photoKey = `items/${randomBytes(16).toString('hex')}`;
	const { databaseUrl, version, dataDir, client } = await scratchDatabase({
		name: 'mixed',
		connections: 1,
		log,
		undo,
	});
	await storeSharedPhoto(dataDir, photoKey);
	const seeded = await seed(seedTarget(root, client), photoKey, log);
	const donors = (await client`select distinct donor_id from items limit 200`).map(
		(row) => row.donor_id,
	);
	/**
	 * @param {{ root: string, buildDir: string, host: string, port: number,
	 *   env?: Record<string, string> }} server
	 */
	const start = ({ env = {}, ...server }) =>
		startApiServer({
			...server,
			env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, ...env },
			track: undo.add,
		});
	return { version, client, range: seeded.range, donors, start };
}

/**
 * @param {{ root: string, buildDir: string, host: string, options: { port?: string },
 *   log: (line?: string) => void, onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ root, buildDir, host, options, log, onInterrupt }) {
	describeMix(log);
	const firstPort = Number(options?.port ?? 4455) + 1;
	const undo = undoList(onInterrupt);
	try {
		const {
			version,
			client,
			range,
			donors,
			start: startOn,
		} = await seededMix({
			root,
			log,
			undo,
		});
		const start = (port, env = {}) => startOn({ root, buildDir, host, port, env });

		const single = await start(firstPort);
		const cities = await citySlugs(single.baseUrl, client);
		const requests = mixedRequests({ range, cities, donors });
		log(`  one process on ${single.baseUrl}…`);
		const alone = await measureAlone({
			baseUrl: single.baseUrl,
			pid: single.pid,
			range,
			cities,
			donors,
			log,
		});
		const one = await measure(single.baseUrl, requests);
		await single.stop();

		const balancerUrl = `http://${host}:${firstPort + 3}`;
		// Links and redirects name the balancer, as PUBLIC_URL would in production.
		const pair = [
			await start(firstPort + 1, { PUBLIC_URL: balancerUrl, SITE_URL: balancerUrl }),
			await start(firstPort + 2, { PUBLIC_URL: balancerUrl, SITE_URL: balancerUrl }),
		];
		const balancer = await startBalancer({
			host,
			port: firstPort + 3,
			upstreams: pair.map(({ baseUrl }) => new URL(baseUrl).host),
			track: undo.add,
		});
		log(`  two processes behind nginx on ${balancer.baseUrl}…`);
		const two = await measure(balancer.baseUrl, requests);
		const result = {
			version,
			itemCount,
			callers,
			warmupSeconds,
			measureSeconds,
			shares: Object.fromEntries(mix.map(({ kind, share }) => [kind, share])),
			alone,
			runs: { 'one process': one, 'two processes + nginx': two },
			failed: [
				...alone
					.filter(({ figures }) => figures.errors > 0)
					.map(({ kind, figures }) => ({ error: `${kind} alone: ${figures.errors} errors` })),
				...([one, two].some((figures) => figures.errors > 0)
					? [{ error: `errors: ${one.errors} with one process, ${two.errors} with two` }]
					: []),
			],
		};
		printMixed(result, log);
		return result;
	} finally {
		await undo.done();
	}
}

/** Req/s over the measured seconds of one kind's answers. */
const rpsOf = (count, seconds) => Math.round((count / seconds) * 10) / 10;

/** @param {Awaited<ReturnType<typeof run>>} result @param {(line?: string) => void} log */
function printMixed(result, log) {
	printAlone(result.alone, log);
	for (const [runName, figures] of Object.entries(result.runs)) {
		log();
		log(`${runName}: ${figures.rps} req/s, ${figures.errors} errors`);
		const rows = [
			...Object.entries(figures.byLabel).map(([kind, latency]) => [
				kind,
				`${result.shares[kind]} %`,
				String(rpsOf(latency.count, figures.seconds)),
				formatMs(latency.p50),
				formatMs(latency.p95),
				formatMs(latency.p99),
			]),
			[
				'mix',
				'100 %',
				String(figures.rps),
				formatMs(figures.latency.p50),
				formatMs(figures.latency.p95),
				formatMs(figures.latency.p99),
			],
		];
		log(formatTable(['kind', 'share', 'req/s', 'p50', 'p95', 'p99'], rows));
	}
}

/** @param {Awaited<ReturnType<typeof run>>} results */
export function summarize(results) {
	return {
		columns: ['Mixed req/s', 'Mixed p95'],
		rows: new Map(
			Object.entries(results.runs).map(([runName, figures]) => [
				`mixed: ${runName}`,
				[String(figures.rps), formatMs(figures.latency.p95)],
			]),
		),
	};
}
