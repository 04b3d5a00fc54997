// The API benchmark's seed: a fresh database built by the project's own migrations, so the
// indexes are the ones production has, then filled with made-up donors, items and the requests
// that gave some away or hold them in SQL, and the one photo every item points at stored where the
// server looks for it.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { donorCount, itemCount, photoWidths } from './api-settings.mjs';

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

/**
 * Real districts for the seed's donors and items: every seventh of the official list (about a
 * thousand, in every province), so place filters and "near me" read realistic groups.
 * @returns {Promise<{ province: [string, string], regency: [string, string], district: [string, string] }[]>}
 */
export async function seedDistricts() {
	const data = await import('idn-area-data');
	const [provinces, regencies, districts] = await Promise.all([
		data.getProvinces(),
		data.getRegencies(),
		data.getDistricts(),
	]);
	const province = new Map(provinces.map((row) => [row.code, row.name]));
	const regency = new Map(regencies.map((row) => [row.code, row]));
	return districts
		.filter((row, index) => index % 7 === 0 && regency.has(row.regency_code))
		.map((row) => {
			const city = regency.get(row.regency_code);
			return {
				province: [city.province_code, province.get(city.province_code) ?? ''],
				regency: [city.code, city.name.replace(/^(Kota|Kabupaten) Administrasi /, '$1 ')],
				district: [row.code, row.name],
			};
		});
}

/** A PostgreSQL array literal of constant strings. */
export function textArray(values) {
	return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;
}

/**
 * The seed, in SQL so the rows never cross the wire: `generate_series` with a fixed random seed,
 * identical on PostgreSQL and PGlite. Every item gets one photo row, all pointing at one stored
 * photo (`photoKey`), so the photos query returns rows as in production.
 * @param {string} photoKey
 */
function seedSql(photoKey, districts) {
	const column = (level, part) => textArray(districts.map((entry) => entry[level][part]));
	const pick = (array, random) => `${array}[1 + floor(${random} * cardinality(${array}))::int]`;
	// The receiver of an item's request: a donor other than its own, spread by the item's id.
	const anotherDonor = `'bench-donor-' || ((split_part(donor_id, '-', 3)::int + id % ${donorCount - 1}) % ${donorCount} + 1)`;
	return `
select setseed(0.2024);
insert into users (id, issuer, subject, email, name, phone, area_id, area_name, created_at, updated_at)
select 'bench-donor-' || g, 'bench', g::text, 'donor' || g || '@bench.hibahin.test',
	(${textArray(firstNames)})[1 + g % ${firstNames.length}] || ' ' ||
		(${textArray(lastNames)})[1 + (g / ${firstNames.length}) % ${lastNames.length}],
	case when g % 10 < 7 then '+62812' || lpad(g::text, 8, '0') end,
	(${column('district', 0)})[1 + g % ${districts.length}],
	(${column('district', 1)})[1 + g % ${districts.length}] || ', ' ||
		(${column('regency', 1)})[1 + g % ${districts.length}] || ', ' ||
		(${column('province', 1)})[1 + g % ${districts.length}],
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
-- Items given away went to another donor as a whole, a hand-over that receiver confirmed an hour
-- later; one in twenty is past a collusion limit and does not count. The rankings read these rows
-- (docs/product-rules.md#impact), and the items keep nothing left, as hand-overs leave them.
insert into item_requests (item_id, donor_id, receiver_id, quantity, state, given_quantity,
	counts_for_impact, created_at, updated_at, reserved_at, handed_over_at, confirmed_at)
select id, donor_id,
	${anotherDonor},
	quantity, 'confirmed', quantity, id % 20 <> 0,
	created_at, donated_at + interval '1 hour', created_at, donated_at, donated_at + interval '1 hour'
from items where status = 'DONATED';
update items set quantity = 0 where status = 'DONATED';
-- Reserved items are held whole for another donor, as a reservation holds them.
insert into item_requests (item_id, donor_id, receiver_id, quantity, state, created_at, updated_at,
	reserved_at, reserved_until)
select id, donor_id,
	${anotherDonor},
	quantity, 'reserved', updated_at, updated_at, updated_at, now() + interval '2 days'
from items where status = 'RESERVED';
update items set reserved_quantity = quantity where status = 'RESERVED';
-- A site that has been running sent these requests' reminders when they fell due: recorded as
-- sent, so a server started on the seed does not send ten thousand at once while it is measured.
insert into request_reminders (request_id, reminder, created_at)
select r.id, reminder, now()
from item_requests r
cross join unnest(array['unanswered', 'handOverDue', 'confirm1', 'confirm2']) reminder;
-- Each item is picked up in its donor's district, as the form opens on it.
with places as (
	select g, (${column('province', 0)})[g] as province_code, (${column('province', 1)})[g] as province_name,
		(${column('regency', 0)})[g] as regency_code, (${column('regency', 1)})[g] as regency_name,
		(${column('district', 0)})[g] as district_code, (${column('district', 1)})[g] as district_name
	from generate_series(1, ${districts.length}) g
)
update items set pickup_province_code = p.province_code, pickup_province_name = p.province_name,
	pickup_regency_code = p.regency_code, pickup_regency_name = p.regency_name,
	pickup_district_code = p.district_code, pickup_district_name = p.district_name
from places p
where p.g = 1 + split_part(items.donor_id, '-', 3)::int % ${districts.length};
insert into item_images (id, item_id, position, key, widths, width, height, created_at)
select 'bench-photo-' || id, id, 0, '${photoKey}', '${JSON.stringify(photoWidths)}'::jsonb,
	1280, 960, created_at
from items;
`;
}

// The statement of drizzle/0009_pickup_areas.sql that fills `search_words` from every item.
const collectSearchWordsSql = `insert into search_words (word)
select distinct word
from items, regexp_split_to_table(items.search_text, '[^[:alnum:]]+') as word
where length(word) >= 3
on conflict do nothing`;

/**
 * Writes the WebP files of the shared photo into the server's uploads folder, so the key every
 * photo row points at is a real stored photo.
 * @param {string} dataDir
 * @param {string} photoKey
 */
export async function storeSharedPhoto(dataDir, photoKey) {
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
 * Seeds through the given handle and reads the id range; the times go to the log.
 * @param {{ exec: (text: string) => Promise<unknown>, migrate: () => Promise<void>,
 *   all: (text: string) => Promise<unknown[][]> }} database
 * @param {string} photoKey
 * @param {(line?: string) => void} log
 */
export async function seed(database, photoKey, log) {
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
	await database.exec(seedSql(photoKey, await seedDistricts()));
	await database.exec('alter table items enable trigger items_collect_search_words');
	await database.exec(collectSearchWordsSql);
	for (const [, definition] of ginIndexes) await database.exec(definition);
	const inserted = performance.now();
	// A settled database has its statistics and visibility map; a fresh bulk load has neither.
	await database.exec('vacuum analyze');
	// Written out now, so neither the bare run nor the server pays for the load's dirty pages.
	await database.exec('checkpoint');
	const done = performance.now();
	const [minId, maxId, items, donated, counted] = (
		await database.all(
			"select min(id), max(id), count(*), count(*) filter (where status = 'DONATED'), " +
				"(select count(*) from item_requests where state = 'confirmed' and counts_for_impact) " +
				'from items',
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
		`  seeded ${items} items (${Math.round((donated / items) * 100)}% donated, ${counted} ` +
			`confirmed hand-overs counted), ${donorCount} donors, ${items} photo rows in ` +
			`${timing.totalSeconds} s (migrations ` +
			`${timing.migrateSeconds} s, inserts and indexes ${timing.insertSeconds} s, ` +
			`vacuum analyze and checkpoint ${timing.vacuumSeconds} s)`,
	);
	return { range: { minId, maxId }, seed: timing, items, donated };
}
