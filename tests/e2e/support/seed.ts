/**
 * Known data for the journeys. The embedded database can be opened by one process only, so it is
 * filled before the server starts: `node tests/e2e/support/seed.ts <dataDir> <full|sparse|main>`
 * runs in the web server's command, and the specs import the same constants to know what to
 * expect. `full` and `sparse` are the heroes and support pages' data; the same command copies the
 * built site into `<dataDir>/app`, so a rebuild of the shared `dist/` during the run (other work
 * in the same checkout) cannot pull files from under the server. `main` holds only the signed-in
 * people of `seeded-accounts.ts`, for the main server; `full` holds them too, for the signed-in
 * pages on phones.
 */
import { cpSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import {
	allSeededPeople,
	seededArea,
	seededUnsubscribeKey,
	sessionDigest,
} from './seeded-accounts.ts';
import { legalVersions } from '../../../src/lib/consent.ts';

export type SeedName = 'full' | 'sparse' | 'main';

export interface SeedDonor {
	id: string;
	name: string;
	/** Items handed over and confirmed: kg each, and whether it was this month (else long ago). */
	items: { weight: number; thisMonth?: boolean }[];
}

const donor = (n: number, name: string, items: SeedDonor['items']): SeedDonor => ({
	id: `e2e-hero-${String(n).padStart(2, '0')}`,
	name,
	items,
});

/**
 * Twelve donors, so the rankings have two pages. All-time impact runs from Ayu (60) down to
 * Kartika (16); this month only Lukman (2 donations, 20), Joko (18) and Kartika (16) gave,
 * most recently Lukman, then Kartika, then Joko.
 */
export const fullDonors: SeedDonor[] = [
	donor(1, 'Ayu Lestari', [{ weight: 50 }]),
	donor(2, 'Bima Saputra', [{ weight: 45 }]),
	donor(3, 'Citra Dewi', [{ weight: 40 }]),
	donor(4, 'Dimas Pratama', [{ weight: 35 }]),
	donor(5, 'Eka Wulandari', [{ weight: 30 }]),
	donor(6, 'Fajar Nugroho', [{ weight: 25 }]),
	donor(7, 'Gita Maharani', [{ weight: 20 }]),
	donor(8, 'Hadi Santoso', [{ weight: 15 }]),
	donor(9, 'Intan Permata', [{ weight: 12 }]),
	donor(10, 'Joko Susilo', [{ weight: 8, thisMonth: true }]),
	donor(11, 'Kartika Sari', [{ weight: 6, thisMonth: true }]),
	donor(12, 'Lukman Hakim', [
		{ weight: 0.1, thisMonth: true },
		{ weight: 0.1, thisMonth: true },
	]),
];

/**
 * Who received every seeded donation and confirmed it, as the rankings count only hand-overs
 * their receivers confirmed. They once let a reservation expire: one no-show.
 */
export const seedReceiver = { id: 'e2e-receiver', name: 'Sekar Wulan' };

/**
 * An item Ayu marked donated herself, after the receiver's reservation of it expired: shown on
 * her profile as self-reported, counted nowhere else.
 */
export const selfReportedDonorId = 'e2e-hero-01';

/** Three donors who gave long ago: a centred top-donors row and an empty month. */
export const sparseDonors: SeedDonor[] = [
	donor(21, 'Nina Kurnia', [{ weight: 5 }]),
	donor(22, 'Oka Wijaya', [{ weight: 3 }]),
	donor(23, 'Putu Ardana', [{ weight: 2 }]),
];

/**
 * Two reservations on the sparse server, written as if the clock had moved on since the donor
 * made them: one ended an hour ago, the other ends in twelve hours. The server's upkeep runs as
 * it starts, so the first is expired (its item available again) and both sides of the second are
 * warned before any journey looks. Both people are signed in by their session cookies.
 */
export const seededReservations = {
	donor: {
		id: 'e2e-reserving-donor',
		name: 'Rina Marlina',
		session: 'e2e-donor-session-token-0123456789abcdef',
	},
	receiver: {
		id: 'e2e-late-receiver',
		name: 'Tono Hartono',
		session: 'e2e-receiver-session-token-0123456789abcdef',
	},
	expired: { name: 'Kipas angin meja', endedHoursAgo: 1 },
	expiring: { name: 'Rice cooker kecil', endsInHours: 12 },
} as const;

/** A listing hidden as stale: its donor was asked 8 days ago and did not answer. */
export const seededStaleListing = {
	donor: {
		id: 'e2e-quiet-donor',
		name: 'Wati Susanti',
		session: 'e2e-quiet-donor-session-token-0123456789abcdef',
	},
	item: { name: 'Lemari buku kayu' },
} as const;

/**
 * A donor who lets requests gather for 6 hours (docs/product-rules.md#choosing): one item listed
 * an hour ago, whose wait is under way, and one whose wait ended an hour ago, each asked for by the same two receivers. Ani
 * received an item 5 days ago; Joko let a reservation expire 10 days ago.
 */
export const seededChoosing = {
	donor: {
		id: 'e2e-choosing-donor',
		name: 'Sari Dewi',
		session: 'e2e-choosing-donor-session-token-0123456789abcdef',
	},
	receivers: [
		{ id: 'e2e-choosing-ani', name: 'Ani Rahayu' },
		{ id: 'e2e-choosing-joko', name: 'Joko Susilo' },
	],
	waiting: { name: 'Sepeda anak roda empat', listedHoursAgo: 1 },
	ended: { name: 'Meja belajar lipat', endedHoursAgo: 1, waitHours: 6 },
} as const;

/** Nine supports: the page shows the largest eight, 3 large and 5 small. */
export const fullSupporters = [
	{
		name: 'Rizky Pratama',
		amount: 500_000,
		message: 'Terus berbagi, Hibahin!',
		unit: 'Kopi',
		quantity: 20,
	},
	{ name: 'Sari Dewi', amount: 250_000, message: null, unit: 'Kopi', quantity: 10 },
	{
		name: 'Teguh Wibowo',
		amount: 150_000,
		message: 'Semoga makin banyak yang terbantu.',
		unit: null,
		quantity: 1,
	},
	{ name: 'Umi Kalsum', amount: 100_000, message: null, unit: 'Kopi', quantity: 4 },
	{ name: 'Vina Anggraini', amount: 75_000, message: 'Mantap!', unit: 'Kopi', quantity: 3 },
	{ name: 'Wahyu Hidayat', amount: 50_000, message: null, unit: null, quantity: 1 },
	{ name: 'Yogi Firmansyah', amount: 30_000, message: null, unit: 'Kopi', quantity: 1 },
	{ name: 'Zahra Putri', amount: 20_000, message: null, unit: null, quantity: 1 },
	{ name: 'Tidak Tampil', amount: 10_000, message: null, unit: null, quantity: 1 },
];

export const fullEarlySupporters = [
	{ name: 'Anisa Rahmawati', message: 'Sejak hari pertama!' },
	{ name: 'Bayu Aji', message: null },
	{ name: 'Cahya Ningrum', message: 'Bangga jadi bagian dari Hibahin.' },
];

/** Jakarta has no daylight saving: UTC+7 all year. */
const jakartaOffsetMs = 7 * 60 * 60 * 1000;

/**
 * `minutesAgo` minutes ago; in the first minutes of a Jakarta month, seconds after its start
 * instead, keeping the order, so "this month" stays this month whenever the tests run.
 */
function thisMonth(minutesAgo: number, now: Date): Date {
	const local = new Date(now.getTime() + jakartaOffsetMs);
	const monthStart = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1) - jakartaOffsetMs;
	const ago = now.getTime() - minutesAgo * 60_000;
	return new Date(ago >= monthStart ? ago : monthStart + (100 - minutesAgo) * 1000);
}

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * Copies the built site and its start script into `app`, with links to the project's packages,
 * migrations and translations (read at run time), so `node <app>/server/start.mjs` serves this
 * snapshot.
 */
export function snapshotBuild(app: string): void {
	const needed = [
		'dist/server/entry.mjs',
		'dist/server/runtime.mjs',
		'dist/client/terms/index.html',
	];
	const missing = needed.filter((file) => !existsSync(join(root, file)));
	if (missing.length > 0) {
		throw new Error(`The build is missing ${missing.join(', ')}: run \`npm run build\` (again).`);
	}
	mkdirSync(app, { recursive: true });
	for (const part of ['dist', 'server', 'package.json']) {
		cpSync(join(root, part), join(app, part), { recursive: true });
	}
	for (const link of ['node_modules', 'drizzle', 'locales'])
		symlinkSync(join(root, link), join(app, link));
}

/** What the seed writes through: PGlite's transaction. */
interface SeedTransaction {
	query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

/** The two reservations of `seededReservations`, their people, items and sessions. */
async function seedReservations(tx: SeedTransaction, now: Date): Promise<void> {
	const { donor, receiver, expired, expiring } = seededReservations;
	const hours = (count: number) => new Date(now.getTime() + count * 60 * 60_000);
	for (const [index, person] of [donor, receiver].entries()) {
		await tx.query(
			`insert into users (id, issuer, subject, email, email_verified, name, phone, address,
				area_id, area_name)
			values ($1, 'https://e2e.test', $1, $2, true, $3, $4, 'Jl. Melati No. 8, RT 02/RW 03',
				'31.74.07', 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta')`,
			[person.id, `${person.id}@example.com`, person.name, `+6281299900${index}11`],
		);
		await tx.query(`insert into sessions (id, user_id, expires_at) values ($1, $2, $3)`, [
			sessionDigest(person.session),
			person.id,
			hours(24 * 30),
		]);
	}
	for (const [item, reservedUntil] of [
		[expired.name, hours(-expired.endedHoursAgo)],
		[expiring.name, hours(expiring.endsInHours)],
	] as const) {
		const reservedAt = new Date(reservedUntil.getTime() - 3 * 24 * 60 * 60_000);
		const inserted = await tx.query<{ id: number }>(
			`insert into items (donor_id, name, description, condition, weight, length, width, height,
				quantity, reserved_quantity, status, created_at)
			values ($1, $2, 'Masih berfungsi dengan baik, tinggal dibawa pulang.', 'used', 2, 30, 30, 40,
				1, 1, 'RESERVED', $3)
			returning id`,
			[donor.id, item, reservedAt],
		);
		await tx.query(
			`insert into item_requests (item_id, donor_id, receiver_id, quantity, state, created_at,
				updated_at, reserved_at, reserved_until, seen_by_donor_at)
			values ($1, $2, $3, 1, 'reserved', $4, $4, $4, $5, $4)`,
			[inserted.rows[0]!.id, donor.id, receiver.id, reservedAt, reservedUntil],
		);
	}
}

/** The listing of `seededStaleListing`, its donor and their session. */
async function seedStaleListing(tx: SeedTransaction, now: Date): Promise<void> {
	const { donor, item } = seededStaleListing;
	const daysAgo = (count: number) => new Date(now.getTime() - count * 24 * 60 * 60_000);
	await tx.query(
		`insert into users (id, issuer, subject, email, email_verified, name, phone, address,
			area_id, area_name)
		values ($1, 'https://e2e.test', $1, $2, true, $3, '+6281299900711',
			'Jl. Kenanga No. 3, RT 01/RW 02', '31.74.07',
			'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta')`,
		[donor.id, `${donor.id}@example.com`, donor.name],
	);
	await tx.query(`insert into sessions (id, user_id, expires_at) values ($1, $2, $3)`, [
		sessionDigest(donor.session),
		donor.id,
		daysAgo(-30),
	]);
	await tx.query(
		`insert into items (donor_id, name, description, condition, weight, length, width, height,
			quantity, status, created_at, fresh_since, stale_asked_at, hidden_at, hidden_reason)
		values ($1, $2, 'Lemari buku tiga rak, kayunya masih kuat.', 'used', 10, 80, 30, 120,
			1, 'AVAILABLE', $3, $3, $4, $5, 'stale')`,
		[donor.id, item.name, daysAgo(38), daysAgo(8), daysAgo(1)],
	);
}

/** The people and items of `seededChoosing`, with the receivers' records. */
async function seedChoosing(tx: SeedTransaction, now: Date): Promise<void> {
	const { donor, receivers, waiting, ended } = seededChoosing;
	const hours = (count: number) => new Date(now.getTime() + count * 60 * 60_000);
	for (const [index, person] of [donor, ...receivers].entries()) {
		await tx.query(
			`insert into users (id, issuer, subject, email, email_verified, name, phone, address,
				area_id, area_name)
			values ($1, 'https://e2e.test', $1, $2, true, $3, $4, 'Jl. Mawar No. 5, RT 04/RW 01',
				'31.74.07', 'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta')`,
			[person.id, `${person.id}@example.com`, person.name, `+6281299901${index}22`],
		);
	}
	await tx.query(`insert into sessions (id, user_id, expires_at) values ($1, $2, $3)`, [
		sessionDigest(donor.session),
		donor.id,
		hours(24 * 30),
	]);
	const insertItem = async (name: string, status: string, quantity: number, listedAt: Date) =>
		(
			await tx.query<{ id: number }>(
				`insert into items (donor_id, name, description, condition, weight, length, width,
					height, quantity, status, created_at, fresh_since, choose_after_hours, choose_at)
				values ($1, $2, 'Masih bagus dan kokoh, tinggal dibawa pulang.', 'used', 5, 60, 40, 50,
					$3, $4, $5, $5, $6, $7)
				returning id`,
				[
					donor.id,
					name,
					quantity,
					status,
					listedAt,
					status === 'AVAILABLE' ? 6 : null,
					status === 'AVAILABLE' ? new Date(listedAt.getTime() + 6 * 60 * 60_000) : null,
				],
			)
		).rows[0]!.id;
	// The records: a hand-over to Ani 5 days ago, a reservation Joko let expire 10 days ago.
	const past = await insertItem('Kursi plastik', 'DONATED', 0, hours(-24 * 20));
	await tx.query(
		`insert into item_requests (item_id, donor_id, receiver_id, quantity, state, given_quantity,
			created_at, updated_at, reserved_at, handed_over_at)
		values ($1, $2, $3, 1, 'handedOver', 1, $4, $4, $4, $4)`,
		[past, donor.id, receivers[0].id, hours(-24 * 5)],
	);
	await tx.query(
		`insert into item_requests (item_id, donor_id, receiver_id, quantity, state, created_at,
			updated_at, reserved_at, reserved_until, closed_at)
		values ($1, $2, $3, 1, 'expired', $4, $4, $4, $4, $4)`,
		[past, donor.id, receivers[1].id, hours(-24 * 10)],
	);
	const waitingId = await insertItem(waiting.name, 'AVAILABLE', 1, hours(-waiting.listedHoursAgo));
	const endedId = await insertItem(
		ended.name,
		'AVAILABLE',
		1,
		hours(-ended.endedHoursAgo - ended.waitHours),
	);
	for (const itemId of [waitingId, endedId]) {
		for (const receiver of receivers) {
			await tx.query(
				`insert into item_requests (item_id, donor_id, receiver_id, quantity, state, created_at,
					updated_at)
				values ($1, $2, $3, 1, 'open', $4, $4)`,
				[itemId, donor.id, receiver.id, hours(-0.5)],
			);
		}
	}
}

/** The signed-in people of `seeded-accounts.ts`, their sessions and the key of their mail's links. */
async function seedPeople(tx: SeedTransaction, now: Date): Promise<void> {
	const people = allSeededPeople();
	await tx.query(
		`insert into users (id, issuer, subject, email, email_verified, name, phone, address, area_id,
			area_name, role)
		select id, 'https://e2e.test', id, email, true, name, phone, address, area_id, area_name, role
		from unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
			$7::text[], $8::text[]) as p(id, email, name, phone, address, area_id, area_name, role)`,
		[
			people.map((p) => p.id),
			people.map((p) => p.email),
			people.map((p) => p.profile?.name ?? null),
			people.map((p) => (p.profile ? `+62${p.profile.phoneDigits}` : null)),
			people.map((p) => p.profile?.address ?? null),
			people.map((p) => (p.profile ? seededArea.id : null)),
			people.map((p) => p.profile?.areaName ?? null),
			people.map((p) => (p.kind === 'moderator' ? 'moderator' : 'member')),
		],
	);
	await tx.query(
		`insert into app_secrets (name, value) values ('unsubscribe-link-key', to_jsonb($1::text))`,
		[seededUnsubscribeKey],
	);
	await tx.query(
		`insert into sessions (id, user_id, expires_at)
		select id, user_id, $3 from unnest($1::text[], $2::text[]) as s(id, user_id)`,
		[
			people.map((p) => sessionDigest(p.session)),
			people.map((p) => p.id),
			new Date(now.getTime() + 30 * 24 * 60 * 60_000),
		],
	);
}

/** Writes a fresh, migrated embedded database with the named data into `dataDir`. */
export async function seed(dataDir: string, name: SeedName): Promise<void> {
	const { PGlite } = await import('@electric-sql/pglite');
	const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
	const { drizzle } = await import('drizzle-orm/pglite');
	const { migrate } = await import('drizzle-orm/pglite/migrator');
	rmSync(dataDir, { recursive: true, force: true });
	mkdirSync(join(dataDir, 'db'), { recursive: true });
	const client = new PGlite({ dataDir: join(dataDir, 'db'), extensions: { pg_trgm } });
	await migrate(drizzle(client), { migrationsFolder: join(root, 'drizzle') });

	// One transaction: a commit per row makes seeding slow on a busy disk.
	await client.transaction(async (tx) => {
		const now = new Date();
		if (name === 'main') {
			await seedPeople(tx, now);
			return;
		}
		const joined = new Date('2024-01-01T00:00:00Z');
		const insertUser = (id: string, userName: string) =>
			tx.query(
				`insert into users (id, issuer, subject, name, created_at) values ($1, $2, $1, $3, $4)`,
				[id, 'https://e2e.test', userName, joined],
			);
		/** A bookshelf of `donorId`; its id. */
		const insertItem = async (
			donorId: string,
			weight: number,
			quantity: number,
			donatedAt: Date,
		) => {
			const inserted = await tx.query<{ id: number }>(
				`insert into items (donor_id, name, description, condition, weight, length, width, height,
					quantity, status, donated_at, created_at)
				values ($1, 'Rak buku', 'Rak buku kayu, masih kokoh.', 'used', $2, 40, 30, 90, $3, 'DONATED',
					$4, $5)
				returning id`,
				[donorId, weight, quantity, donatedAt, joined],
			);
			return inserted.rows[0]!.id;
		};
		await insertUser(seedReceiver.id, seedReceiver.name);
		const donors = name === 'full' ? fullDonors : sparseDonors;
		let minutesAgo = donors.flatMap((d) => d.items).length + 1;
		for (const [index, { id, name: donorName, items }] of donors.entries()) {
			await insertUser(id, donorName);
			for (const item of items) {
				// Old donations are a day apart in the order listed; this month's a minute apart.
				const donatedAt = item.thisMonth
					? thisMonth(minutesAgo--, now)
					: new Date(Date.UTC(2024, 2, 1 + index, 3));
				// Handed over whole, so nothing is left of the item, and confirmed at once.
				const itemId = await insertItem(id, item.weight, 0, donatedAt);
				await tx.query(
					`insert into item_requests (item_id, donor_id, receiver_id, quantity, state,
						given_quantity, counts_for_impact, created_at, updated_at, reserved_at,
						handed_over_at, confirmed_at)
					values ($1, $2, $3, 1, 'confirmed', 1, true, $4, $4, $4, $4, $4)`,
					[itemId, id, seedReceiver.id, donatedAt],
				);
			}
		}
		if (name === 'sparse') {
			await seedReservations(tx, now);
			await seedStaleListing(tx, now);
			await seedChoosing(tx, now);
		}
		if (name === 'full') {
			await seedPeople(tx, now);
			// A reservation that ran out a month ago: within the year a request that ended is kept.
			const day = 24 * 60 * 60_000;
			const reservedAt = new Date(now.getTime() - 33 * day);
			const expiredAt = new Date(now.getTime() - 30 * day);
			const itemId = await insertItem(
				selfReportedDonorId,
				3,
				1,
				new Date(Date.UTC(2024, 1, 17, 3)),
			);
			await tx.query(
				`insert into item_requests (item_id, donor_id, receiver_id, quantity, state,
					created_at, updated_at, reserved_at, reserved_until, closed_at)
				values ($1, $2, $3, 1, 'expired', $4, $5, $4, $5, $5)`,
				[itemId, selfReportedDonorId, seedReceiver.id, reservedAt, expiredAt],
			);
			for (const s of fullSupporters) {
				await tx.query(
					`insert into supporters (name, amount, message, quantity, unit_name)
					values ($1, $2, $3, $4, $5)`,
					[s.name, s.amount, s.message, s.quantity, s.unit],
				);
			}
			for (const [index, s] of fullEarlySupporters.entries()) {
				await tx.query(
					`insert into early_supporters (name, message, created_at) values ($1, $2, $3)`,
					[s.name, s.message, new Date(Date.UTC(2024, 0, 1 + index))],
				);
			}
		}
	});
	// Everyone seeded signed up under the terms and the privacy policy in force.
	await client.query(
		`with accepted as (
			update users set accepted_terms_version = $1, accepted_privacy_version = $2 returning id
		)
		insert into consents (user_id, terms_version, privacy_version, age_confirmed)
		select id, $1, $2, true from accepted`,
		[legalVersions.terms, legalVersions.privacy],
	);
	await client.close();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
	const [dataDir, name] = process.argv.slice(2);
	if (!dataDir || (name !== 'full' && name !== 'sparse' && name !== 'main')) {
		console.error('Usage: node tests/e2e/support/seed.ts <dataDir> <full|sparse|main>');
		process.exit(2);
	}
	await seed(dataDir, name);
	if (name !== 'main') snapshotBuild(join(dataDir, 'app'));
	console.log(`Seeded the "${name}" data into ${dataDir}`);
}
