// The needs lists under load: `GET /api/needs` plain, searched, urgent in a city and in "near me"
// order for a signed-in viewer, and the server-rendered `/needs` page, through the production
// server on PostgreSQL. The lists are held to answer within 50 ms p95 at 50 connections; like
// every benchmark, this prints, never asserts. The API is loaded by wrk where it can be had
// (autocannon otherwise), as in the places benchmark.
//
// Seeded in SQL: BENCH_NEEDS (default 20,000) open needs of 2,000 people over the seed's real
// districts (api-seed.mjs), a tenth urgent, a fifth for one of 200 organisations (half of them
// verified), a twentieth closed or hidden. BENCH_API_SECONDS shortens a trial run.
import { formatLatency, formatRps } from './api-report.mjs';
import { seedDistricts, textArray } from './api-seed.mjs';
import { startApiServer } from './api-servers.mjs';
import { connections, measureMs, poolSize, targets, warmupMs } from './api-settings.mjs';
import { formatTable } from './format.mjs';
import { combine } from './load-figures.mjs';
import { listLoadResults, signInViewer } from './list-loads.mjs';
import { loadApi } from './load-driver.mjs';
import { scratchDatabase, seedTarget } from './scratch-database.mjs';
import { undoList } from './undo-list.mjs';
import { findWrk } from './wrk.mjs';

export const name = 'needs';
export const description = 'needs lists and the /needs page under load, on PostgreSQL';

const needCount = Number(process.env.BENCH_NEEDS ?? 20_000);
const ownerCount = 2_000;
const organisationCount = 200;
const titles = ['Buku tulis', 'Selimut', 'Seragam sekolah', 'Kursi roda', 'Lemari', 'Sepeda'];
const categories = ['books', 'household', 'clothing', 'other', 'furniture', 'sports'];

/** The seed in SQL, so the rows never cross the wire. */
function seedSql(districts) {
	const column = (level, part) => textArray(districts.map((entry) => entry[level][part]));
	const at = (level, part, index) =>
		`(${column(level, part)})[1 + (${index}) % ${districts.length}]`;
	return `
insert into users (id, issuer, subject, name)
select 'bench-need-' || g, 'bench', 'need-' || g, 'Warga ' || g from generate_series(1, ${ownerCount}) g;
insert into organisations (owner_id, name, kind, address, province_code, province_name,
	regency_code, regency_name, district_code, district_name, contact_name, state)
select 'bench-need-' || g, 'Panti ' || g, 'orphanage', 'Jl. Contoh No. ' || g,
	${at('province', 0, 'g')}, ${at('province', 1, 'g')}, ${at('regency', 0, 'g')},
	${at('regency', 1, 'g')}, ${at('district', 0, 'g')}, ${at('district', 1, 'g')}, 'Ibu ' || g,
	case when g % 2 = 0 then 'verified' else 'pending' end
from generate_series(1, ${organisationCount}) g;
insert into needs (owner_id, organisation_id, title, description, category, quantity,
	province_code, province_name, regency_code, regency_name, district_code, district_name,
	urgency, state, closes_at, hidden_at, hidden_reason, created_at)
select 'bench-need-' || (1 + g % ${ownerCount}),
	case when g % 5 = 0 then (select id from organisations where owner_id = 'bench-need-' || (1 + g % ${organisationCount})) end,
	(${textArray(titles)})[1 + g % ${titles.length}] || ' ' || g,
	'Kami butuh untuk anak-anak dan warga sekitar, nomor ' || g,
	(${textArray(categories)})[1 + g % ${categories.length}], 1 + g % 10,
	${at('province', 0, 'g * 7')}, ${at('province', 1, 'g * 7')}, ${at('regency', 0, 'g * 7')},
	${at('regency', 1, 'g * 7')}, ${at('district', 0, 'g * 7')}, ${at('district', 1, 'g * 7')},
	case when g % 10 = 0 then 'urgent' else 'normal' end,
	case when g % 40 = 1 then 'closed' else 'open' end,
	now() + interval '20 days',
	case when g % 40 = 2 then now() end, case when g % 40 = 2 then 'moderator' end,
	now() - g * interval '1 minute'
from generate_series(1, ${needCount}) g;
analyze;`;
}

/** The lists measured, each a path of the API or the page, for the seed's busiest city. */
function lists(home) {
	const link = (code) => code.replaceAll('.', '');
	return [
		{ key: 'plain', name: 'GET /api/needs', path: '/api/needs' },
		{ key: 'search', name: 'search "selimut"', path: '/api/needs?search=selimut' },
		{
			key: 'urgentCity',
			name: 'urgent in a city',
			path: `/api/needs?urgent=true&regency=${link(home.regency)}`,
		},
		{ key: 'near', name: 'near me', path: '/api/needs?near=me', signedIn: true },
		{ key: 'page', name: 'page /needs', path: '/needs', html: true },
		{ key: 'pageEn', name: 'page /en/needs urgent', path: '/en/needs?urgent=true', html: true },
	];
}

/** Stops the run when a list does not answer 200, since wrk only counts the failures. */
async function expectAnswer(baseUrl, { paths: [listPath], headers }) {
	const response = await fetch(`${baseUrl}${listPath}`, { headers });
	const body = await response.text();
	if (!response.ok) {
		throw new Error(`${listPath} answered ${response.status}: ${body.slice(0, 200)}`);
	}
}

/**
 * Seeds a throwaway PostgreSQL database with needs, signs in a viewer living in its busiest
 * district, and loads each list through the production server.
 * @param {{ root: string, buildDir: string, host: string, log: (line?: string) => void,
 *   onInterrupt: (cleanup: () => Promise<void>) => () => void }} context
 */
export async function run({ root, buildDir, host, log, onInterrupt }) {
	const undo = undoList(onInterrupt);
	try {
		const { databaseUrl, dataDir, client } = await scratchDatabase({
			name: 'needs',
			connections: poolSize,
			log,
			undo,
		});
		const target = seedTarget(root, client);
		await target.migrate();
		const started = Date.now();
		await target.exec(seedSql(await seedDistricts()));
		log(`  seeded ${needCount} needs in ${((Date.now() - started) / 1_000).toFixed(1)} s`);
		const [home] = await client`
			select province_code as province, regency_code as regency, district_code as district
			from needs group by 1, 2, 3 order by count(*) desc limit 1`;
		const viewerCookie = await signInViewer(client, home.district);
		log(
			`  viewer in district ${home.district}; ${connections} callers, ` +
				`${warmupMs / 1_000} s warm-up, ${measureMs / 1_000} s per list`,
		);
		const server = await startApiServer({
			root,
			buildDir,
			host,
			env: { DATABASE_URL: databaseUrl, DATA_DIR: dataDir },
			track: undo.add,
		});
		const wrk = findWrk(log);
		const results = {};
		for (const list of lists(home)) {
			const load = {
				paths: [list.path],
				labels: [list.key],
				headers: {
					...(list.signedIn ? { cookie: viewerCookie } : {}),
					...(list.html ? { accept: 'text/html' } : {}),
				},
			};
			await expectAnswer(server.baseUrl, load);
			const api = combine([await loadApi(wrk, server.baseUrl, load, { warmupMs, measureMs })]);
			results[list.key] = { name: list.name, path: list.path, api };
			log(
				`  ${list.name}: ${formatRps(api.rps)} req/s, p95 ${formatLatency(api.latency.p95)}` +
					(api.errors ? `; !! ${api.errors} errors: ${api.errorSamples.join('; ')}` : ''),
			);
		}
		log();
		log(
			formatTable(
				['List', 'req/s', 'p50', 'p95', `p95 target`],
				Object.values(results).map(({ name: listName, api }) => [
					listName,
					formatRps(api.rps),
					formatLatency(api.latency.p50),
					formatLatency(api.latency.p95),
					api.latency.p95 <= targets.p95Ms
						? `≤ ${targets.p95Ms} ms: met`
						: `!! over ${targets.p95Ms} ms`,
				]),
			),
		);
		return { needCount, home, ...listLoadResults(wrk, results) };
	} finally {
		await undo.done();
	}
}

/** The summary's rows: each list's throughput and p95. */
export function summarize(results) {
	return {
		columns: ['Needs req/s', 'Needs p95'],
		rows: new Map(
			Object.values(results.lists).map(({ name: listName, api }) => [
				`needs: ${listName}`,
				[formatRps(api.rps), formatLatency(api.latency.p95)],
			]),
		),
	};
}
