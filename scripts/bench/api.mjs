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
// BENCH_API_SECONDS (default 10), BENCH_API_ITEMS (default 100000) and BENCH_API_DATABASES
// (default postgres,pglite) shorten a trial run. BENCH_POSTGRES_URL (default
// postgres://postgres@127.0.0.1:5432/postgres) names the server on which a throwaway database is
// created and dropped again; DATABASE_POOL_SIZE (default the number of cores) sizes the server's
// pool and the bare one.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setImmediate as setImmediatePromise } from 'node:timers/promises';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import autocannon from 'autocannon';
import postgres from 'postgres';
import sharp from 'sharp';
import {
	minimumSimilarity,
	minimumWordLength,
	oneEditPatterns,
} from '../../src/features/items/item-spelling.ts';
import { formatTable } from './format.mjs';
import { statements } from './item-statements.mjs';
import { pickPort } from './server.mjs';

export const name = 'api';
export const description = 'API throughput under load, beside the bare query';

const itemCount = Number(process.env.BENCH_API_ITEMS ?? 100_000);
const donorCount = 2_000;
const connections = 50;
const measureMs = Number(process.env.BENCH_API_SECONDS ?? 10) * 1_000;
// Not recorded: fills the pools, the page cache and V8's JIT before the clock starts (on the bare
// side it lasts until every caller has had an answer; see `drive`).
const warmupMs = 2_000;
// On PostgreSQL the bare run, the API and the floor take turns (see `inTurns`): this many turns,
// each a slice per side; a turn's bare and API slices are the pair whose ratio is printed. A
// slice is measured for its share of the measured time in whole seconds (wrk's unit), after a
// lead-in of a second (the full warm-up before the first slice of each side). PGlite, which one
// process at a time can open, has one slice per side, the bare one before the server starts.
const pairs = 5;
const sliceMs = Math.max(1, Math.round(measureMs / pairs / 1_000)) * 1_000;
const leadInMs = 1_000;
// A request slower than this counts as an error rather than waiting forever; generous, since
// PGlite's single thread queues 50 searches into answers of several seconds on a busy machine.
const requestTimeoutMs = 30_000;
// Connections to PostgreSQL, for the server (as its DATABASE_POOL_SIZE) and the bare run alike.
// PostgreSQL's own sizing rule is about twice its cores; here PostgreSQL, the server and this
// load generator share the machine's cores, and more connections only queue inside PostgreSQL
// (on 2 cores, 10 connections serve a third fewer searches than 4). One per core serves the
// most on both sides: on 2 cores the bare run is as fast with 2 as with 4, and the API's search
// faster, its queries sharing fewer sockets and so fewer reads and writes.
const poolSize = Number(process.env.DATABASE_POOL_SIZE ?? availableParallelism());
const selectedDatabases = (process.env.BENCH_API_DATABASES ?? 'postgres,pglite').split(',');
const adminUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
// Four words with matches and two typos that the spelling correction turns into "kursi": one
// letter replaced at the end ("kurso") and in the middle ("kurzi", too few shared trigrams for
// similarity alone).
const searchWords = ['kursi', 'buku', 'lemari', 'sepeda', 'kurso', 'kurzi'];
const photoWidths = [360, 720, 1280];
// What a browser sends; the server compresses JSON answers of 1 KB or more (zstd here) for it.
const acceptEncoding = 'gzip, deflate, br, zstd';
const requestHeaders = { accept: 'application/json', 'accept-encoding': acceptEncoding };

const targets = { ratio: 0.5, p95Ms: 50 };

// Word lists for the seed: item kinds with their category, so a search has plenty of matches
// ("kursi" in about 1 item of 20) and plenty of misses, and descriptions read like real ones.
const kinds = [
	['Kursi', 'furniture'],
	['Kursi lipat', 'furniture'],
	['Meja belajar', 'furniture'],
	['Lemari pakaian', 'furniture'],
	['Rak buku', 'furniture'],
	['Kasur', 'furniture'],
	['Sofa', 'furniture'],
	['Buku pelajaran', 'books'],
	['Novel', 'books'],
	['Komik', 'books'],
	['Kamus', 'books'],
	['Majalah', 'books'],
	['Sepeda', 'sports'],
	['Raket badminton', 'sports'],
	['Bola sepak', 'sports'],
	['Matras yoga', 'sports'],
	['Kipas angin', 'electronics'],
	['Televisi', 'electronics'],
	['Rice cooker', 'electronics'],
	['Lemari es', 'electronics'],
	['Setrika', 'electronics'],
	['Printer', 'electronics'],
	['Baju', 'clothing'],
	['Kemeja', 'clothing'],
	['Jaket', 'clothing'],
	['Celana', 'clothing'],
	['Sepatu', 'clothing'],
	['Seragam sekolah', 'clothing'],
	['Panci', 'household'],
	['Piring', 'household'],
	['Kompor gas', 'household'],
	['Dispenser', 'household'],
	['Gorden', 'household'],
	['Mainan', 'kids'],
	['Boneka', 'kids'],
	['Kereta bayi', 'kids'],
	['Sepeda anak', 'kids'],
	['Buku mewarnai', 'kids'],
	['Tas', 'other'],
	['Koper', 'other'],
	['Payung', 'other'],
	['Jam dinding', 'other'],
];
const qualities = [
	'bekas',
	'kayu jati',
	'plastik',
	'besar',
	'kecil',
	'hitam',
	'putih',
	'merah',
	'biru',
	'jadul',
	'minimalis',
	'anak',
	'second',
	'hampir baru',
];
const conditions = [
	'Masih layak pakai',
	'Kondisi 90%',
	'Ada sedikit lecet',
	'Masih mulus',
	'Perlu sedikit perbaikan',
	'Warna agak pudar',
];
const reasons = [
	'Pindahan rumah',
	'Sudah tidak terpakai',
	'Anak sudah besar',
	'Sudah beli yang baru',
	'Bersih-bersih gudang',
];
const cities = [
	'Jakarta Selatan',
	'Bandung',
	'Surabaya',
	'Yogyakarta',
	'Semarang',
	'Medan',
	'Makassar',
	'Denpasar',
	'Malang',
	'Bogor',
	'Depok',
	'Bekasi',
	'Tangerang',
	'Palembang',
	'Balikpapan',
];
const firstNames = ['Budi', 'Siti', 'Agus', 'Dewi', 'Rina', 'Andi', 'Wahyu', 'Putri', 'Joko'];
const lastNames = ['Santoso', 'Wijaya', 'Pratama', 'Saputra', 'Hidayat', 'Kusuma', 'Nugroho'];

/** A PostgreSQL array literal of constant strings. */
function textArray(values) {
	return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;
}

/**
 * The seed, in SQL so the rows never cross the wire: `generate_series` with a fixed random seed,
 * identical on PostgreSQL and PGlite. Every item gets one photo row, all pointing at one stored
 * photo (`photoKey`), so the photos query returns rows as in production.
 * @param {string} photoKey
 */
function seedSql(photoKey) {
	const pick = (array, random) => `${array}[1 + floor(${random} * cardinality(${array}))::int]`;
	return `
select setseed(0.2024);
insert into users (id, issuer, subject, email, name, phone, area_name, created_at, updated_at)
select 'bench-donor-' || g, 'bench', g::text, 'donor' || g || '@bench.hibahin.test',
	(${textArray(firstNames)})[1 + g % ${firstNames.length}] || ' ' ||
		(${textArray(lastNames)})[1 + (g / ${firstNames.length}) % ${lastNames.length}],
	case when g % 10 < 7 then '+62812' || lpad(g::text, 8, '0') end,
	(${textArray(cities)})[1 + g % ${cities.length}],
	now() - interval '400 days', now() - interval '400 days'
from generate_series(1, ${donorCount}) g;
with words as (
	select ${textArray(kinds.map(([kind]) => kind))} as kinds,
		${textArray(kinds.map(([, category]) => category))} as categories,
		${textArray(qualities)} as qualities, ${textArray(conditions)} as conditions,
		${textArray(reasons)} as reasons, ${textArray(cities)} as cities
), seeds as (
	select g, random() as r1, random() as r2, random() as r3, random() as r4, random() as r5,
		random() as r6, random() as r7, random() as r8,
		now() - random() * interval '365 days' as created
	from generate_series(1, ${itemCount}) g
)
insert into items (donor_id, name, description, category, weight, length, width, height, quantity,
	status, donated_at, created_at, updated_at)
select
	-- Squared, so a few donors give a lot and most give a little.
	'bench-donor-' || (1 + floor(s.r8 * s.r8 * ${donorCount}))::int,
	${pick('w.kinds', 's.r1')} || ' ' || ${pick('w.qualities', 's.r2')},
	${pick('w.kinds', 's.r1')} || ' ' || ${pick('w.qualities', 's.r2')} || '. ' ||
		${pick('w.conditions', 's.r3')} || '. ' || ${pick('w.reasons', 's.r4')} || '.' ||
		case when s.r5 < 0.2 then ' Bonus ' || lower(${pick('w.kinds', 's.r6')}) || '.' else '' end ||
		' Bisa diambil di ' || ${pick('w.cities', 's.r7')} || '.',
	${pick('w.categories', 's.r1')},
	round((0.2 + s.r3 * 30)::numeric, 1)::float8,
	10 + floor(s.r4 * 150), 10 + floor(s.r5 * 100), 5 + floor(s.r6 * 80),
	1 + floor(s.r7 * 3)::int,
	-- About 30% given away already, a few reserved, the rest available.
	case when s.r2 < 0.3 then 'DONATED' when s.r2 < 0.35 then 'RESERVED' else 'AVAILABLE' end,
	case when s.r2 < 0.3 then s.created + s.r6 * interval '14 days' end,
	s.created, s.created
from seeds s cross join words w;
insert into item_images (id, item_id, position, key, widths, width, height, created_at)
select 'bench-photo-' || id, id, 0, '${photoKey}', '${JSON.stringify(photoWidths)}'::jsonb,
	1280, 960, created_at
from items;
`;
}

// The statement of drizzle/0004_item_search_words.sql that fills `search_words` from every item.
const collectSearchWordsSql = `insert into search_words (word)
select distinct word
from items, regexp_split_to_table(lower(items.name || ' ' || items.description), '[^[:alnum:]]+') as word
where length(word) >= 3
on conflict do nothing`;

/**
 * Writes the WebP files of the shared photo into the server's uploads folder, so the key every
 * photo row points at is a real stored photo.
 * @param {string} dataDir
 * @param {string} photoKey
 */
async function storeSharedPhoto(dataDir, photoKey) {
	await mkdir(path.dirname(path.join(dataDir, 'uploads', photoKey)), { recursive: true });
	const image = sharp({
		create: { width: 1280, height: 960, channels: 3, background: { r: 180, g: 140, b: 90 } },
	});
	for (const width of photoWidths) {
		const data = await image.clone().resize({ width }).webp({ quality: 78 }).toBuffer();
		await writeFile(path.join(dataDir, 'uploads', `${photoKey}-${width}.webp`), data);
	}
}

/**
 * The summary figures of one or more runs' latencies, nearest-rank percentiles over all of them.
 * A run timed here brings every answer's latency, each counting once; a wrk run brings its
 * latency at every thousandth of its answers, each standing for a thousandth of them, and its
 * slowest answer.
 * @param {Array<{ values: number[], weight?: number, max?: number }>} runs milliseconds
 */
function latencyFigures(runs) {
	const entries = runs
		.flatMap(({ values, weight = 1 }) => values.map((value) => [value, weight]))
		.sort((a, b) => a[0] - b[0]);
	const total = entries.reduce((sum, [, weight]) => sum + weight, 0);
	const rank = (p) => {
		// The first latency that the given share of the answers reaches (a margin for the
		// rounding of fractional weights).
		const reached = (p / 100) * total - 1e-6;
		let seen = 0;
		return entries.find(([, weight]) => (seen += weight) >= reached)?.[0];
	};
	const max = runs.reduce(
		(slowest, { values, max: runMax }) =>
			Math.max(slowest, runMax ?? values.reduce((a, b) => Math.max(a, b), -Infinity)),
		-Infinity,
	);
	const round = (ms) => (ms === undefined ? undefined : Math.round(ms * 100) / 100);
	return {
		count: Math.round(total),
		p50: round(rank(50)),
		p95: round(rank(95)),
		p99: round(rank(99)),
		max: round(total > 0 ? max : undefined),
		mean: round(entries.reduce((sum, [value, weight]) => sum + value * weight, 0) / (total || 1)),
	};
}

/**
 * One measured run of a load, as `combine` takes it: the answers and seconds counted, the
 * latencies (see `latencyFigures`) and, where the load generator keeps them, each label's.
 * @typedef {{ requests: number, errors: number, seconds: number,
 *   latencies: { values: number[], weight?: number, max?: number },
 *   byLabel: Record<string, number[]>, errorSamples: string[] }} Run
 */

/**
 * How long a run warms up (not recorded: fills the pools, the page cache and V8's JIT, and
 * brings the queue to its steady state) and how long it is then measured.
 * @typedef {{ warmupMs: number, measureMs: number }} Timing
 */

/**
 * Keeps `connections` callers busy, each starting its next call as soon as its last one ended (a
 * closed loop, like users who wait for an answer). The clock starts once the warm-up time has
 * passed and every caller has had an answer, so the queue is in its steady state even when one
 * answer takes seconds; then calls that end within the next `measureMs` count, as in wrk. Calls
 * still running at the end are awaited (so the next run starts on an idle server) but not counted.
 * @param {(sequence: number) => Promise<string>} call resolves to a label (the search word, say)
 * @param {Timing} timing
 * @returns {Promise<Run>}
 */
async function drive(call, { warmupMs: warmup, measureMs: measure }) {
	const started = performance.now();
	// Past this, the clock starts even if some caller never had an answer (a hung server).
	const warmupDeadline = started + warmup + 60_000;
	let measureFrom = Infinity;
	let stopAt = Infinity;
	let answered = 0;
	/** @type {number[]} */
	const latencies = [];
	/** @type {Record<string, number[]>} */
	const byLabel = {};
	const errorSamples = new Set();
	let errors = 0;
	let sequence = 0;
	const startClock = (now) => {
		if (measureFrom !== Infinity) return;
		const warm = now >= started + warmup && answered === connections;
		if (warm || now >= warmupDeadline) {
			measureFrom = now;
			stopAt = now + measure;
		}
	};
	const worker = async () => {
		let first = true;
		while (performance.now() < stopAt) {
			const begin = performance.now();
			let label;
			let failure;
			try {
				label = await call(sequence++);
			} catch (error) {
				failure = error instanceof Error ? error.message : String(error);
			}
			const end = performance.now();
			if (first) answered++;
			first = false;
			const counted = end >= measureFrom && end <= stopAt;
			if (failure !== undefined) {
				if (counted) errors++;
				const phase = counted ? 'measured' : end < measureFrom ? 'warm-up' : 'after the end';
				if (errorSamples.size < 5) errorSamples.add(`${failure} (${phase})`);
			} else if (counted) {
				latencies.push(end - begin);
				(byLabel[label] ??= []).push(end - begin);
			}
			startClock(end);
		}
	};
	await Promise.all(Array.from({ length: connections }, worker));
	return {
		requests: latencies.length,
		errors,
		seconds: measure / 1_000,
		latencies: { values: latencies },
		byLabel,
		errorSamples: [...errorSamples],
	};
}

/**
 * The figures of one side of an endpoint from its runs: answers per second over all the measured
 * seconds, and latencies over all the answers.
 * @param {Run[]} runs
 */
function combine(runs) {
	const requests = runs.reduce((sum, run) => sum + run.requests, 0);
	const seconds = runs.reduce((sum, run) => sum + run.seconds, 0);
	const labels = [...new Set(runs.flatMap((run) => Object.keys(run.byLabel)))];
	return {
		requests,
		errors: runs.reduce((sum, run) => sum + run.errors, 0),
		seconds: Math.round(seconds * 100) / 100,
		rps: seconds > 0 ? Math.round((requests / seconds) * 10) / 10 : 0,
		latency: latencyFigures(runs.map((run) => run.latencies)),
		byLabel: Object.fromEntries(
			labels.map((label) => [
				label,
				latencyFigures(runs.map((run) => ({ values: run.byLabel[label] ?? [] }))),
			]),
		),
		errorSamples: [...new Set(runs.flatMap((run) => run.errorSamples))].slice(0, 5),
	};
}

/**
 * A random item id; the same generator for the API and the bare run, so both read the same mix.
 * @param {{ minId: number, maxId: number }} range
 */
function randomId({ minId, maxId }) {
	return minId + Math.floor(Math.random() * (maxId - minId + 1));
}

/** The search's `ilike` pattern, escaped as filterCondition escapes it. */
function likePattern(word) {
	return `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/**
 * The spelling correction of one misspelled word, as `correctedSearch` makes it
 * (src/features/items/item-spelling.server.ts): the best-ranked listed word, the most alike.
 * Where several rank alike the server counts their uses; the benchmark's typos have one each.
 * @param {(text: string, params: unknown[]) => Promise<unknown[][]>} query
 * @param {string} word
 * @returns {Promise<string | undefined>}
 */
async function correction(query, word) {
	if (Array.from(word).length < minimumWordLength) return undefined;
	const patterns = oneEditPatterns(word);
	const rows = /** @type {[string, string, number, number][]} */ (
		await query(statements.spellingCandidates, [
			[word],
			patterns.map(() => word),
			patterns,
			minimumWordLength,
			minimumSimilarity,
		])
	);
	if (rows.some(([, , edits]) => Number(edits) === 0)) return undefined;
	const rank = ([, listed, edits]) =>
		Number(edits) !== 1
			? Number(edits) * 2
			: Array.from(listed).length < Array.from(word).length
				? 2
				: 1;
	const best = Math.min(...rows.map(rank));
	const ranked = rows
		.filter((row) => rank(row) === best)
		.sort((a, b) => Number(b[3]) - Number(a[3]) || (a[1] < b[1] ? -1 : 1));
	if (ranked.length > 1) throw new Error(`"${word}" has ${ranked.length} equal corrections`);
	return ranked[0]?.[1];
}

/**
 * The bare work of a search and a detail, as listItems and findItem send it.
 * @param {(text: string, params: unknown[], prepared?: boolean) => Promise<unknown[][]>} query
 *   rows as arrays; `prepared` for the statements the server prepares
 */
function bareCalls(query) {
	return {
		/**
		 * A cold search, as the server runs it when no total is cached: the page with its total,
		 * and when nothing matches, again with the misspelled words corrected.
		 * @param {string} word
		 * @returns {Promise<{ total: number, search: string }>}
		 */
		async coldSearch(word) {
			const counted = async (search) => {
				const pattern = likePattern(search);
				const [[, ids, total]] = await query(statements.countedPage, [pattern, pattern, 1]);
				if (ids.length) await query(statements.itemsWithIds, [ids], true);
				return Number(total);
			};
			const total = await counted(word);
			if (total > 0) return { total, search: word };
			const corrected = await correction(query, word);
			if (!corrected) return { total, search: word };
			return { total: await counted(corrected), search: corrected };
		},
		/**
		 * A search whose total is cached (every search after the first, until an item changes):
		 * the page's items with the list version.
		 * @param {string} search the search as the server runs it (after any correction)
		 */
		async search(search) {
			const rows = await query(statements.page, [search], true);
			if (!rows.length) throw new Error(`no items for ${search}`);
		},
		/** @param {number} id */
		async detail(id) {
			const rows = await query(statements.item, [id], true);
			if (!rows.length) throw new Error(`item ${id} not found`);
		},
	};
}

/** How often each word's cold search is timed, one at a time. */
const coldRuns = 20;

/**
 * Resolves each word as the server does (its total, its corrected search) and times the cold
 * search of each alone.
 * @param {ReturnType<typeof bareCalls>} calls
 * @param {(line?: string) => void} log
 */
async function resolveWords(calls, log) {
	const matches = {};
	const resolved = {};
	const cold = {};
	for (const word of searchWords) {
		({ total: matches[word], search: resolved[word] } = await calls.coldSearch(word));
		const times = [];
		for (let run = 0; run < coldRuns; run++) {
			const begin = performance.now();
			await calls.coldSearch(word);
			times.push(performance.now() - begin);
		}
		cold[word] = latencyFigures([{ values: times }]);
	}
	const counts = searchWords.map(
		(word) => `${word} ${matches[word]}${resolved[word] === word ? '' : ` (as ${resolved[word]})`}`,
	);
	log(`  matches per search word: ${counts.join(', ')}`);
	return { matches, resolved, cold };
}

/**
 * The bare loads: the steady search (the words in turn, as the server runs them) and the detail
 * of random ids, each by `connections` callers.
 * @param {ReturnType<typeof bareCalls>} calls
 * @param {Record<string, string>} resolved each word's search as the server runs it
 * @param {{ minId: number, maxId: number }} range
 */
function bareLoads(calls, resolved, range) {
	return {
		/** @param {Timing} timing */
		search: (timing) =>
			drive(async (sequence) => {
				const word = searchWords[sequence % searchWords.length];
				await calls.search(resolved[word]);
				return word;
			}, timing),
		/** @param {Timing} timing */
		detail: (timing) =>
			drive(async () => {
				await calls.detail(randomId(range));
				return 'detail';
			}, timing),
	};
}

/**
 * One GET with a browser's headers: the size of its body as sent (compressed or not) and its
 * encoding. Anything but 200 is an error.
 * @param {string} url
 * @returns {Promise<{ bytes: number, encoding: string }>}
 */
function describeResponse(url) {
	return new Promise((resolve, reject) => {
		const request = http.get(url, { headers: requestHeaders }, (response) => {
			let bytes = 0;
			response.on('data', (chunk) => (bytes += chunk.length));
			response.on('error', reject);
			response.on('end', () => {
				if (response.statusCode === 200) {
					resolve({ bytes, encoding: response.headers['content-encoding'] ?? 'identity' });
				} else reject(new Error(`HTTP ${response.statusCode} for ${new URL(url).pathname}`));
			});
		});
		request.setTimeout(requestTimeoutMs, () => request.destroy(new Error('timed out')));
		request.on('error', reject);
	});
}

/**
 * Runs autocannon for `seconds` with `connections` keep-alive connections, each sending its next
 * request as soon as its last one is answered (a closed loop, like users who wait for an answer)
 * and cycling through `requests`. Every answer's latency is kept under its request's label.
 * @param {string} baseUrl
 * @param {Array<{ label: string, path?: string, setupRequest?: (request: any) => any }>} requests
 * @param {number} seconds
 * @returns {Promise<Run>}
 */
async function cannon(baseUrl, requests, seconds) {
	/** @type {number[]} */
	const latencies = [];
	/** @type {Record<string, number[]>} */
	const byLabel = {};
	const errorSamples = new Set();
	let errors = 0;
	// autocannon calls a request's onResponse and then, synchronously, emits the answer's latency:
	// the label set by the first is the one of the second.
	let answered = '';
	const instance = autocannon({
		url: baseUrl,
		connections,
		duration: seconds,
		timeout: requestTimeoutMs / 1_000,
		headers: requestHeaders,
		requests: requests.map(({ label, ...request }) => ({
			...request,
			onResponse: () => (answered = label),
		})),
	});
	instance.on('response', (_client, statusCode, _bytes, responseTime) => {
		if (statusCode !== 200) {
			errors++;
			if (errorSamples.size < 5) errorSamples.add(`HTTP ${statusCode} (${answered})`);
			return;
		}
		latencies.push(responseTime);
		(byLabel[answered] ??= []).push(responseTime);
	});
	instance.on('reqError', (error) => {
		errors++;
		if (errorSamples.size < 5) errorSamples.add(error instanceof Error ? error.message : error);
	});
	const result = await instance;
	return {
		requests: latencies.length,
		errors,
		seconds: result.duration,
		latencies: { values: latencies },
		byLabel,
		errorSamples: [...errorSamples],
	};
}

/** Whether a command is on the PATH. */
function onPath(command) {
	return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The wrk command, installed through apt-get when missing and running as root (Debian's `wrk`
 * package), or `undefined` when it cannot be had.
 * @param {(line?: string) => void} log
 */
function findWrk(log) {
	if (onPath('wrk')) return 'wrk';
	if (process.getuid?.() === 0 && onPath('apt-get')) {
		log('  installing wrk (apt-get install wrk)…');
		const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
		spawnSync('apt-get', ['update', '-qq'], { stdio: 'ignore', env });
		spawnSync('apt-get', ['install', '-y', '-qq', 'wrk'], { stdio: 'ignore', env });
		if (onPath('wrk')) return 'wrk';
	}
	log('  !! wrk is not installed (apt-get install wrk): autocannon loads the API instead');
	return undefined;
}

/** A Lua string literal of ASCII text (JSON's escapes for it are Lua's too). */
const luaString = (text) => JSON.stringify(text);

/** How many latencies a wrk run reports, at evenly spaced shares of its answers. */
const quantileCount = 1_000;

/**
 * The wrk script of a load: each request takes the next of `paths` in turn, or a random item id,
 * with a browser's headers; at the end it prints wrk's figures as one line of JSON, its
 * latencies as `quantileCount` quantiles (wrk keeps a histogram, not the answers).
 * @param {{ paths: string[] } | { range: { minId: number, maxId: number } }} load
 */
function wrkScript(load) {
	const headers = Object.entries(requestHeaders)
		.map(([name, value]) => `[${luaString(name)}] = ${luaString(value)}`)
		.join(', ');
	const next =
		'paths' in load
			? `local paths = { ${load.paths.map(luaString).join(', ')} }
local sent = 0
local function nextPath()
	sent = sent + 1
	return paths[(sent - 1) % #paths + 1]
end`
			: `math.randomseed(os.time())
local function nextPath()
	return "/api/items/" .. math.random(${load.range.minId}, ${load.range.maxId})
end`;
	return `${next}
local headers = { ${headers} }
request = function()
	return wrk.format("GET", nextPath(), headers)
end
done = function(summary, latency)
	local e = summary.errors
	local quantiles = {}
	for i = 1, ${quantileCount} do
		quantiles[i] = latency:percentile((i - 0.5) * 100 / ${quantileCount})
	end
	io.write(string.format(
		'{"requests":%d,"microseconds":%d,"errors":%d,"statusErrors":%d,"max":%d,"quantiles":[%s]}\\n',
		summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
		latency.max, table.concat(quantiles, ",")))
end
`;
}

/**
 * Runs wrk for `seconds` with `connections` keep-alive connections on one thread, each sending
 * its next request as soon as its last one is answered (a closed loop, as in autocannon). wrk
 * keeps one latency histogram, so there are no figures per search word.
 * @param {string} wrk
 * @param {string} baseUrl
 * @param {string} scriptPath
 * @param {number} seconds
 */
async function wrkRun(wrk, baseUrl, scriptPath, seconds) {
	const child = spawn(
		wrk,
		[
			'-t1',
			`-c${connections}`,
			`-d${seconds}s`,
			`--timeout`,
			`${requestTimeoutMs / 1_000}s`,
			'-s',
			scriptPath,
			baseUrl,
		],
		{ stdio: ['ignore', 'pipe', 'pipe'] },
	);
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	const [code] = await once(child, 'exit');
	const line = output.split('\n').find((text) => text.startsWith('{"requests"'));
	if (code !== 0 || !line) throw new Error(`wrk failed (exit code ${code}):\n${output}`);
	const figures = JSON.parse(line);
	const answered = figures.requests - figures.statusErrors;
	const errors = figures.errors + figures.statusErrors;
	const ms = (microseconds) => microseconds / 1_000;
	return {
		requests: answered,
		errors,
		seconds: figures.microseconds / 1e6,
		latencies: {
			values: figures.quantiles.map(ms),
			weight: figures.requests / figures.quantiles.length,
			max: ms(figures.max),
		},
		byLabel: {},
		errorSamples:
			errors > 0 ? [`${errors} requests failed or were answered with a status of 400 or more`] : [],
	};
}

/**
 * Loads the API as the bare run loads the database: a warm-up (not recorded: fills the pools, the
 * page cache and V8's JIT), then the measured run. wrk loads it where it can be had: it takes
 * about 17 µs of CPU per request where autocannon takes 45–75, CPU that the server and the
 * database on the same cores would otherwise lose to the measurement.
 * @param {string | undefined} wrk
 * @param {string} baseUrl
 * @param {{ paths: string[], labels: string[] } | { range: { minId: number, maxId: number } }}
 *   load the labels name the paths in autocannon's figures per label
 * @param {Timing} timing whole seconds, wrk's unit
 * @returns {Promise<Run>}
 */
async function loadApi(wrk, baseUrl, load, { warmupMs: warmup, measureMs: measure }) {
	if (wrk) {
		const dir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-wrk-'));
		try {
			const scriptPath = path.join(dir, 'load.lua');
			await writeFile(scriptPath, wrkScript(load));
			await wrkRun(wrk, baseUrl, scriptPath, warmup / 1_000);
			return await wrkRun(wrk, baseUrl, scriptPath, measure / 1_000);
		} finally {
			await rm(dir, { recursive: true, force: true });
		}
	}
	const requests =
		'paths' in load
			? load.paths.map((requestPath, index) => ({ label: load.labels[index], path: requestPath }))
			: [
					{
						label: 'detail',
						setupRequest: (request) => ({
							...request,
							path: `/api/items/${randomId(load.range)}`,
						}),
					},
				];
	await cannon(baseUrl, requests, warmup / 1_000);
	return cannon(baseUrl, requests, measure / 1_000);
}

const searchPath = (word) => `/api/items?search=${encodeURIComponent(word)}`;

/**
 * The search and the detail loads on a server at `baseUrl` (see `loadApi`).
 * @param {string | undefined} wrk
 * @param {string} baseUrl
 * @param {{ minId: number, maxId: number }} range
 */
function httpLoads(wrk, baseUrl, range) {
	const searchLoad = { paths: searchWords.map(searchPath), labels: searchWords };
	return {
		/** @param {Timing} timing */
		search: (timing) => loadApi(wrk, baseUrl, searchLoad, timing),
		/** @param {Timing} timing */
		detail: (timing) => loadApi(wrk, baseUrl, { range }, timing),
	};
}

/**
 * Checks that the API finds the totals the bare count found, then gives its loads: the search and
 * the detail through the running server (see `loadApi`), and the size of an answer of each.
 * @param {string} baseUrl
 * @param {{ minId: number, maxId: number }} range
 * @param {Record<string, number>} matches the bare counts, to check the API finds the same
 * @param {(line?: string) => void} log
 */
async function apiLoads(baseUrl, range, matches, log) {
	const mismatches = [];
	for (const word of searchWords) {
		const response = await fetch(`${baseUrl}${searchPath(word)}`);
		const body = await response.json();
		if (body?.data?.meta?.total !== matches[word]) {
			mismatches.push(`${word}: API ${body?.data?.meta?.total}, bare ${matches[word]}`);
		}
	}
	if (mismatches.length) log(`  !! the API and the bare query disagree: ${mismatches.join('; ')}`);
	const wrk = findWrk(log);
	return {
		wrk,
		loadGenerator: wrk ? 'wrk' : 'autocannon',
		mismatches,
		...httpLoads(wrk, baseUrl, range),
		responses: async () => ({
			search: await describeResponse(`${baseUrl}${searchPath('kursi')}`),
			detail: await describeResponse(`${baseUrl}/api/items/${randomId(range)}`),
		}),
	};
}

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
 * One database's result: the bare figures beside the API's, per endpoint.
 * @param {{ words: Awaited<ReturnType<typeof resolveWords>>,
 *   apiLoad: Awaited<ReturnType<typeof apiLoads>>,
 *   search: { bare: ReturnType<typeof combine>, api: ReturnType<typeof combine> },
 *   detail: { bare: ReturnType<typeof combine>, api: ReturnType<typeof combine> } }} measured
 */
async function endpointResults({ words, apiLoad, search, detail }) {
	const responses = await apiLoad.responses();
	return {
		bare: { ...words, search: search.bare, detail: detail.bare },
		api: {
			loadGenerator: apiLoad.loadGenerator,
			mismatches: apiLoad.mismatches,
			search: { ...search.api, response: responses.search },
			detail: { ...detail.api, response: responses.detail },
		},
	};
}

/**
 * Starts a server process and waits until `readyPath` answers 200.
 * @param {{ script: string, root: string, baseUrl: string, env: Record<string, string | undefined>,
 *   readyPath: string, track: (stop: () => Promise<void>) => void }} options track gets `stop` as
 *   soon as the process exists, so an interrupt during the start still ends it
 * @returns {Promise<{ baseUrl: string, peakRssMb: () => Promise<number | undefined> }>}
 */
async function startServerProcess({ script, root, baseUrl, env, readyPath, track }) {
	const child = spawn(process.execPath, [script], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
		env,
	});
	let output = '';
	child.stdout.on('data', (chunk) => (output += chunk));
	child.stderr.on('data', (chunk) => (output += chunk));
	let exited = false;
	child.once('exit', () => (exited = true));
	const stop = async () => {
		if (exited) return;
		const done = once(child, 'exit');
		child.kill('SIGTERM');
		const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
		await done;
		clearTimeout(timer);
	};
	track(stop);
	// The kernel's high-water mark of the server's memory (Linux only; undefined elsewhere).
	const peakRssMb = async () => {
		const status = await readFile(`/proc/${child.pid}/status`, 'utf8').catch(() => '');
		const kb = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
		return kb ? Math.round(Number(kb) / 1024) : undefined;
	};
	const deadline = Date.now() + 180_000;
	try {
		while (true) {
			if (exited) throw new Error(`the server exited before answering:\n${output}`);
			if (Date.now() > deadline) throw new Error(`the server did not answer:\n${output}`);
			const status = await fetch(`${baseUrl}${readyPath}`, {
				signal: AbortSignal.timeout(5_000),
			})
				.then(async (response) => (await response.arrayBuffer(), response.status))
				.catch(() => undefined);
			if (status === 200) break;
			await new Promise((resolve) => setTimeout(resolve, 250));
		}
	} catch (error) {
		await stop();
		throw error;
	}
	return { baseUrl, peakRssMb };
}

/**
 * Starts the benchmark's copy of the production server with the given database settings and
 * waits until the item list answers (its migrations done; the startup upkeep, which reads every
 * photo row, may still run and falls into the warm-up).
 * @param {{ root: string, buildDir: string, host: string, env: Record<string, string>,
 *   track: (stop: () => Promise<void>) => void }} options
 */
async function startApiServer({ root, buildDir, host, env, track }) {
	const port = await pickPort(0, host);
	const baseUrl = `http://${host}:${port}`;
	const childEnv = {
		...process.env,
		PORT: String(port),
		HOST: host,
		SITE_URL: baseUrl,
		NODE_ENV: 'production',
		DEMO_DATA: 'off',
		DATABASE_POOL_SIZE: String(poolSize),
		...env,
	};
	// PGlite is chosen by the absence of DATABASE_URL; one inherited from the shell must not leak.
	if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
	return startServerProcess({
		script: path.join(buildDir, 'server', 'start.mjs'),
		root,
		baseUrl,
		env: childEnv,
		readyPath: '/api/items?limit=1',
		track,
	});
}

/**
 * Starts the HTTP floor server (floor-server.mjs) on the same database and pool size as the API.
 * @param {{ root: string, host: string, databaseUrl: string, searches: Record<string, string>,
 *   readyId: number, track: (stop: () => Promise<void>) => void }} options
 */
async function startFloorServer({ root, host, databaseUrl, searches, readyId, track }) {
	const port = await pickPort(0, host);
	return startServerProcess({
		script: path.join(root, 'scripts', 'bench', 'floor-server.mjs'),
		root,
		baseUrl: `http://${host}:${port}`,
		env: {
			...process.env,
			PORT: String(port),
			HOST: host,
			DATABASE_URL: databaseUrl,
			DATABASE_POOL_SIZE: String(poolSize),
			BENCH_SEARCHES: JSON.stringify(searches),
		},
		readyPath: `/api/items/${readyId}`,
		track,
	});
}

/**
 * Seeds through the given handle and reads the id range; the times go to the log.
 * @param {{ exec: (text: string) => Promise<unknown>, migrate: () => Promise<void>,
 *   all: (text: string) => Promise<unknown[][]> }} database
 * @param {string} photoKey
 * @param {(line?: string) => void} log
 */
async function seed(database, photoKey, log) {
	const started = performance.now();
	await database.migrate();
	const migrated = performance.now();
	// The trigram indexes are dropped for the load and rebuilt from their own definitions: one
	// build is many times faster than 100,000 GIN updates (minutes on PGlite), and the result is
	// the index the migrations made.
	const ginIndexes = await database.all(
		'select indexname, indexdef from pg_indexes ' +
			"where tablename = 'items' and indexdef like '%USING gin%'",
	);
	for (const [indexName] of ginIndexes) await database.exec(`drop index "${indexName}"`);
	// Likewise the dictionary of search words: filled once from all items, as the migration
	// fills it for existing items, instead of by its trigger 100,000 times.
	await database.exec('alter table items disable trigger items_collect_search_words');
	await database.exec(seedSql(photoKey));
	await database.exec('alter table items enable trigger items_collect_search_words');
	await database.exec(collectSearchWordsSql);
	for (const [, definition] of ginIndexes) await database.exec(definition);
	const inserted = performance.now();
	// A settled database has its statistics and visibility map; a fresh bulk load has neither.
	await database.exec('vacuum analyze');
	// Written out now, so neither the bare run nor the server pays for the load's dirty pages.
	await database.exec('checkpoint');
	const done = performance.now();
	const [minId, maxId, items, donated] = (
		await database.all(
			"select min(id), max(id), count(*), count(*) filter (where status = 'DONATED') from items",
		)
	)[0].map(Number);
	const seconds = (from, to) => Math.round((to - from) / 100) / 10;
	const timing = {
		totalSeconds: seconds(started, done),
		migrateSeconds: seconds(started, migrated),
		// Inserts and the trigram index builds.
		insertSeconds: seconds(migrated, inserted),
		vacuumSeconds: seconds(inserted, done),
	};
	log(
		`  seeded ${items} items (${Math.round((donated / items) * 100)}% donated), ${donorCount} ` +
			`donors, ${items} photo rows in ${timing.totalSeconds} s (migrations ` +
			`${timing.migrateSeconds} s, inserts and indexes ${timing.insertSeconds} s, ` +
			`vacuum analyze and checkpoint ${timing.vacuumSeconds} s)`,
	);
	return { range: { minId, maxId }, seed: timing, items, donated };
}

/**
 * What one database's run created, undone in reverse order when it ends or on Ctrl-C. Once
 * interrupted, `check` throws and `add` undoes at once, so the run stops creating things (a
 * server started after the runner's last cleanup would outlive it).
 * @param {(cleanup: () => Promise<void>) => () => void} onInterrupt
 */
function undoList(onInterrupt) {
	/** @type {Array<() => Promise<unknown>>} */
	const steps = [];
	let interrupted = false;
	const undo = async () => {
		for (const step of steps.splice(0).reverse()) await step().catch(() => undefined);
	};
	const forget = onInterrupt(async () => {
		interrupted = true;
		await undo();
	});
	const check = () => {
		if (interrupted) throw new Error('interrupted');
	};
	return {
		check,
		/** @param {() => Promise<unknown>} step */
		add(step) {
			if (interrupted) void step().catch(() => undefined);
			check();
			steps.push(step);
		},
		async done() {
			forget();
			await undo();
		},
	};
}

/**
 * PostgreSQL: a fresh database on the local server, seeded, measured bare, then through the API,
 * and dropped whatever happens.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
async function benchPostgres({ root, buildDir, host, log, onInterrupt }) {
	const databaseName = `hibahin_bench_${randomBytes(6).toString('hex')}`;
	const url = new URL(adminUrl);
	url.pathname = `/${databaseName}`;
	const databaseUrl = url.href;
	const photoKey = `items/${randomBytes(16).toString('hex')}`;
	const undo = undoList(onInterrupt);
	try {
		const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
		undo.add(() => admin.end({ timeout: 5 }));
		const [{ version }] = await admin`select current_setting('server_version') as version`;
		await admin.unsafe(`create database ${databaseName}`);
		// `with (force)` ends connections a killed server may have left behind.
		undo.add(() => admin.unsafe(`drop database if exists ${databaseName} with (force)`));
		log(`PostgreSQL ${version}: database ${databaseName}`);
		const dataDir = await mkdtemp(path.join(tmpdir(), 'hibahin-bench-api-'));
		undo.add(() => rm(dataDir, { recursive: true, force: true }));
		await storeSharedPhoto(dataDir, photoKey);

		const client = postgres(databaseUrl, { max: poolSize, onnotice: () => {} });
		undo.add(() => client.end({ timeout: 5 }));
		const seeded = await seed(
			{
				migrate: () =>
					migratePostgres(drizzlePostgres(client), {
						migrationsFolder: path.join(root, 'drizzle'),
					}),
				exec: (text) => client.unsafe(text),
				all: (text) => client.unsafe(text).values(),
			},
			photoKey,
			log,
		);
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

/**
 * PGlite: a fresh data folder, seeded and measured in this process, closed, then served by the
 * server from the same folder; removed whatever happens.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
async function benchPglite({ root, buildDir, host, log, onInterrupt }) {
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
		// One slice per side, the bare one first (see `pairs`).
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

/** @param {number | undefined} ms */
const formatMs = (ms) =>
	ms === undefined ? '–' : `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;

/** @param {number} rps */
const formatRps = (rps) => (rps >= 100 ? String(Math.round(rps)) : rps.toFixed(1));

/** API throughput over bare throughput, or undefined when the bare run had no answers. */
const ratioOf = (api, bare) => (bare.rps > 0 ? api.rps / bare.rps : undefined);

/** @param {number | undefined} ratio */
const formatRatio = (ratio) => (ratio === undefined ? '–' : ratio.toFixed(2));

/**
 * The per-database table of the brief: API beside bare, per endpoint, and the targets.
 * @param {any} result one database's result
 * @param {(line?: string) => void} log
 */
function printDatabase(result, log) {
	const endpoints = [
		['GET /api/items?search=…', 'search'],
		['GET /api/items/{id}', 'detail'],
	];
	log();
	const timing = result.pairRatios
		? `bare and API in turns, ${pairs} slices of ${sliceMs / 1_000} s each`
		: `${measureMs / 1_000} s bare, then ${measureMs / 1_000} s API`;
	log(
		`${result.database}: ${connections} connections, ${timing}, API loaded by ` +
			result.api.loadGenerator,
	);
	log(
		formatTable(
			[
				'Endpoint',
				'API req/s',
				'bare req/s',
				'API/bare',
				'API p50',
				'API p95',
				'API p99',
				'bare p95',
				'floor/bare',
				'Errors API/bare',
			],
			endpoints.map(([label, key]) => {
				const api = result.api[key];
				const bare = result.bare[key];
				const floor = result.floor?.[key];
				return [
					label,
					formatRps(api.rps),
					formatRps(bare.rps),
					formatRatio(ratioOf(api, bare)),
					formatMs(api.latency.p50),
					formatMs(api.latency.p95),
					formatMs(api.latency.p99),
					formatMs(bare.latency.p95),
					floor ? formatRatio(ratioOf(floor, bare)) : '–',
					`${api.errors}/${bare.errors}`,
				];
			}),
		),
	);
	if (result.floor) {
		const floors = endpoints.map(([, key]) => `${key} ${formatRps(result.floor[key].rps)} req/s`);
		log(
			`HTTP floor (node:http sending the same statements' rows, no framework; the most any ` +
				`API could reach here): ${floors.join(', ')}`,
		);
	}
	if (result.pairRatios) {
		const byPair = endpoints.map(
			([, key]) => `${key} ${result.pairRatios[key].map(formatRatio).join(' ')}`,
		);
		log(`API/bare of each pair of slices: ${byPair.join('; ')}`);
	}
	log();
	log(
		`Search per word (matches of ${result.items}; "cold" is the first search of a word after ` +
			'an item changed, counting its matches, timed alone' +
			(result.api.loadGenerator === 'wrk' ? '; wrk keeps no API figures per word' : '') +
			'):',
	);
	log(
		formatTable(
			['Word', 'Matches', 'cold p50', 'API p50', 'API p95', 'bare p50', 'bare p95'],
			searchWords.map((word) => [
				word,
				result.bare.matches[word],
				formatMs(result.bare.cold[word]?.p50),
				formatMs(result.api.search.byLabel[word]?.p50),
				formatMs(result.api.search.byLabel[word]?.p95),
				formatMs(result.bare.search.byLabel[word]?.p50),
				formatMs(result.bare.search.byLabel[word]?.p95),
			]),
		),
	);
	log();
	for (const [label, key] of endpoints) {
		const api = result.api[key];
		const ratio = ratioOf(api, result.bare[key]);
		const checks = [
			api.latency.p95 !== undefined && api.latency.p95 < targets.p95Ms
				? `p95 ${formatMs(api.latency.p95)} < ${targets.p95Ms} ms ok`
				: `!! p95 ${formatMs(api.latency.p95)} ≥ ${targets.p95Ms} ms`,
		];
		// The ratio target is PostgreSQL's: PGlite shares one thread with the server itself.
		if (result.database === 'PostgreSQL') {
			checks.push(
				ratio !== undefined && ratio >= targets.ratio
					? `API/bare ${formatRatio(ratio)} ≥ ${targets.ratio} ok`
					: `!! API/bare ${formatRatio(ratio)} < ${targets.ratio}`,
			);
		}
		log(`  target ${label}: ${checks.join(', ')}`);
	}
	const responses = endpoints
		.map(([, key]) => {
			const { bytes, encoding } = result.api[key].response;
			return `${key} ${(bytes / 1024).toFixed(1)} KB ${encoding}`;
		})
		.join(', ');
	log(`  responses: ${responses}; server peak RSS ${result.serverPeakRssMb ?? '?'} MB`);
	for (const [, key] of endpoints) {
		const sides = { API: result.api[key], bare: result.bare[key], floor: result.floor?.[key] };
		for (const [side, figures] of Object.entries(sides)) {
			for (const sample of figures?.errorSamples ?? []) log(`  !! ${side} ${key} error: ${sample}`);
		}
	}
}

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

/**
 * The columns this module adds to the final summary table, a row per database and endpoint.
 * @param {{ databases: any[] }} results
 */
export function summarize(results) {
	return {
		columns: ['API req/s', 'API p95', 'API/bare', 'floor/bare'],
		rows: new Map(
			results.databases.flatMap((result) =>
				['search', 'detail'].map((key) => [
					`api ${key} (${result.database})`,
					[
						formatRps(result.api[key].rps),
						formatMs(result.api[key].latency.p95),
						formatRatio(ratioOf(result.api[key], result.bare[key])),
						result.floor ? formatRatio(ratioOf(result.floor[key], result.bare[key])) : '–',
					],
				]),
			),
		),
	};
}
