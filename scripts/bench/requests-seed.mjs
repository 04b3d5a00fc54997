// The requests benchmark's seed, laid over the API benchmark's items (api-seed.mjs): receivers
// with a complete profile, about ten requests each in the states a year of givings leaves behind,
// the items' reserved quantities that their reservations hold, and the notifications those
// requests sent. In SQL, so the rows never cross the wire, with a fixed random seed.
import { performance } from 'node:perf_hooks';
import { requestLimits } from '../../src/config/limits.ts';
import {
	heldAtMost,
	popularEvery,
	popularRequests,
	receiverCount,
	requestsPerItem,
} from './requests-settings.mjs';

/** The seeded receivers' ids: this, then their number from 1. */
export const receiverIdPrefix = 'bench-requests-receiver-';

const firstNames = ['Ayu', 'Bayu', 'Citra', 'Dimas', 'Eka', 'Fajar', 'Gita', 'Hendra', 'Indah'];
const lastNames = ['Lestari', 'Permana', 'Rahmawati', 'Setiawan', 'Utami', 'Wibowo', 'Yulianti'];
const streets = ['Melati', 'Mawar', 'Kenanga', 'Cempaka', 'Anggrek', 'Flamboyan', 'Dahlia'];
const areaIds = ['31.74.07', '32.73.01', '35.78.09', '34.71.10', '33.74.13'];
const areaNames = [
	'Kebayoran Baru, Kota Jakarta Selatan, DKI Jakarta',
	'Sukasari, Kota Bandung, Jawa Barat',
	'Gubeng, Kota Surabaya, Jawa Timur',
	'Umbulharjo, Kota Yogyakarta, DI Yogyakarta',
	'Tembalang, Kota Semarang, Jawa Tengah',
];
const declineReasons = ['givenToOther', 'notAvailable', 'noShow', 'other'];
const closingReasons = ['givenAway', 'noneLeft'];

/** A PostgreSQL array literal of constant strings. */
function textArray(values) {
	return `array[${values.map((value) => `'${value.replaceAll("'", "''")}'`).join(', ')}]`;
}

/** `array[1 + (number) % length]` in SQL: the entry of `values` for a row number. */
const nth = (values, number) => `(${textArray(values)})[1 + (${number}) % ${values.length}]`;

const receiversSql = `
insert into users (id, issuer, subject, email, name, phone, address, area_id, area_name,
	created_at, updated_at)
select '${receiverIdPrefix}' || g, 'bench', '${receiverIdPrefix}' || g,
	'receiver' || g || '@bench.hibahin.test',
	${nth(firstNames, 'g')} || ' ' || ${nth(lastNames, `g / ${firstNames.length}`)},
	'+62857' || lpad(g::text, 8, '0'),
	'Jl. ' || ${nth(streets, 'g')} || ' No. ' || (1 + g % 120) || ', RT 0' || (1 + g % 9) ||
		'/RW 0' || (1 + g % 7),
	${nth(areaIds, 'g')}, ${nth(areaNames, 'g')},
	now() - interval '300 days', now() - interval '300 days'
from generate_series(1, ${receiverCount}) g;
`;

// Each item's requests, with their receivers and states: an item's k-th request is from receiver
// (id × 7919 + k) mod the receivers, so no receiver asks for one item twice and each has about
// ten. A RESERVED item's first request holds all that is left and the rest wait; an available
// item's first one holds one of several in about a third of cases; given-away items keep history.
// A receiver keeps their reservations and then their newest open requests up to `heldAtMost`
// (older ones were withdrawn), below the server's limit of `activePerReceiver` but for the few
// with more reservations than that.
const requestsSql = `
set local work_mem = '128MB';
select setseed(0.4711);
create temp table seeded_requests on commit drop as
select drawn.*,
	case
		when item_status = 'RESERVED' and rank = 1 and item_reserved = 0 then 'reserved'
		when item_status = 'RESERVED' then
			case when u < 0.5 then 'open' when u < 0.75 then 'withdrawn' else 'declined' end
		when item_status = 'AVAILABLE' and rank = 1 and item_reserved = 0 and item_quantity >= 2
			and u < 0.3 then 'reserved'
		when item_status = 'AVAILABLE' then
			case when u < 0.3 then 'open' when u < 0.5 then 'declined' when u < 0.65 then 'withdrawn'
				when u < 0.75 then 'expired' when u < 0.8 then 'handedOver' else 'confirmed' end
		else
			case when u < 0.35 then 'confirmed' when u < 0.4 then 'handedOver' when u < 0.8 then 'declined'
				when u < 0.9 then 'withdrawn' else 'expired' end
	end as state
from (
	select row_number() over () as seq, i.id as item_id, i.donor_id, i.status as item_status,
		i.quantity as item_quantity, i.reserved_quantity as item_reserved, k as rank,
		'${receiverIdPrefix}' || (1 + (i.id * 7919 + k) % ${receiverCount}) as receiver_id,
		random() as u, random() as v, random() as w,
		i.created_at + random() * (now() - i.created_at) as asked_at
	from items i cross join lateral generate_series(1,
		case when i.id % ${popularEvery} = 0 then ${popularRequests}
			when i.status = 'RESERVED' then 1 + round(random() * ${2 * requestsPerItem - 1})::int
			else round(random() * ${2 * requestsPerItem})::int end) k
) drawn;
update seeded_requests set state = 'withdrawn' from (
	select seq, row_number() over (partition by receiver_id
		order by state = 'reserved' desc, asked_at desc) as held
	from seeded_requests where state in ('open', 'reserved')
) ranked
where seeded_requests.seq = ranked.seq and ranked.held > ${heldAtMost}
	and seeded_requests.state = 'open';
insert into item_requests (item_id, donor_id, receiver_id, quantity, state, given_quantity,
	counts_for_impact, decline_reason, reserved_until, seen_by_donor_at, created_at, updated_at,
	reserved_at, handed_over_at, confirmed_at, closed_at)
select item_id, donor_id, receiver_id, quantity, state,
	case when state in ('handedOver', 'confirmed') then quantity end,
	state = 'confirmed',
	case when state = 'declined' then
		case when item_status in ('AVAILABLE', 'RESERVED') then ${nth(declineReasons, 'seq')}
			else ${nth(closingReasons, 'seq')} end
	end,
	case when state = 'reserved' then reserved_at + interval '3 days'
		when state = 'expired' then closed_at end,
	case when state = 'open' and created_at > now() - interval '2 days' and w < 0.5 then null
		else least(now(), created_at + interval '2 hours') end,
	created_at, greatest(created_at, reserved_at, handed_over_at, confirmed_at, closed_at),
	reserved_at, handed_over_at, confirmed_at, closed_at
from (
	select seeded.*, times.*,
		least(asked_at, times.reserved_at - interval '1 hour') as created_at,
		case when state = 'reserved' and item_status = 'RESERVED' then item_quantity else 1 end
			as quantity
	from seeded_requests seeded
	cross join lateral (select asked_at + (now() - asked_at) * v as ended) last
	cross join lateral (select
		-- Reservations still running end in over a day, so no expiry warning is due at start.
		case when state = 'reserved' then now() - v * interval '47 hours'
			when state = 'handedOver' then now() - v * interval '13 days' - interval '1 day'
			when state = 'confirmed' then asked_at + (last.ended - asked_at) * 0.4
			when state = 'expired' then last.ended - interval '3 days' end as reserved_at,
		case when state = 'handedOver' then now() - v * interval '13 days'
			when state = 'confirmed' then asked_at + (last.ended - asked_at) * 0.7 end as handed_over_at,
		case when state = 'confirmed' then last.ended end as confirmed_at,
		case when state in ('declined', 'withdrawn', 'expired') then last.ended end as closed_at
	) times
) dated
order by created_at;
analyze item_requests;
update items set reserved_quantity = held.quantity from (
	select item_id, sum(quantity)::int as quantity from item_requests where state = 'reserved'
	group by item_id
) held
where items.id = held.item_id and items.reserved_quantity <> held.quantity;
`;

// What each of the seeded requests told whom, as the server writes it when they happen; those
// older than a day are read.
const notificationsSql = `
set local work_mem = '128MB';
insert into notifications (user_id, kind, request_id, item_id, data, created_at, read_at)
select told.user_id, told.kind, r.id, r.item_id,
	jsonb_strip_nulls(jsonb_build_object('item', i.name, 'name', told.name, 'count', r.quantity)
		|| told.extra),
	told.at, case when told.at < now() - interval '1 day' then told.at + interval '2 hours' end
from item_requests r
join items i on i.id = r.item_id
join users receiver on receiver.id = r.receiver_id
join users donor on donor.id = r.donor_id
cross join lateral (values
	(r.donor_id, 'requestCreated', r.created_at, receiver.name, '{}'::jsonb),
	(case when r.reserved_at is not null then r.receiver_id end, 'requestReserved', r.reserved_at,
		donor.name, '{}'),
	(case when r.handed_over_at is not null then r.receiver_id end, 'handedOver', r.handed_over_at,
		donor.name, '{}'),
	(case when r.state = 'confirmed' then r.donor_id end, 'requestConfirmed', r.confirmed_at,
		receiver.name, '{}'),
	(case when r.state = 'declined' then r.receiver_id end,
		case when r.decline_reason in (${closingReasons.map((reason) => `'${reason}'`).join(', ')})
			then 'requestClosed' else 'requestDeclined' end,
		r.closed_at, donor.name, jsonb_build_object('reason', r.decline_reason)),
	(case when r.state = 'withdrawn' then r.donor_id end, 'requestWithdrawn', r.closed_at,
		receiver.name, '{}'),
	(case when r.state = 'expired' then r.receiver_id end, 'reservationExpired', r.closed_at, null,
		'{}'),
	(case when r.state = 'expired' then r.donor_id end, 'reservationExpired', r.closed_at, null,
		'{"side": "donor"}')
) as told(user_id, kind, at, name, extra)
where told.user_id is not null and r.receiver_id like '${receiverIdPrefix}%'
order by told.at;
`;

/**
 * Seeds the receivers, their requests and the notifications, after `seed` (api-seed.mjs) filled
 * the items; the times and counts go to the log.
 * @param {{ exec: (text: string) => Promise<unknown>,
 *   all: (text: string) => Promise<unknown[][]> }} database
 * @param {(line?: string) => void} log
 */
export async function seedRequests(database, log) {
	const started = performance.now();
	// As the item seed does with the trigram indexes, the two tables' foreign keys and indexes
	// (but their primary keys) are dropped for the load and made again from their own
	// definitions: each is checked or built once, many times faster than row by row, and the
	// result is what the migrations made.
	const tables = "('item_requests'::regclass, 'notifications'::regclass)";
	const foreignKeys = await database.all(
		'select conrelid::regclass::text, conname, pg_get_constraintdef(oid) from pg_constraint ' +
			`where contype = 'f' and conrelid in ${tables}`,
	);
	const indexes = await database.all(
		'select indexrelid::regclass::text, pg_get_indexdef(indexrelid) from pg_index ' +
			`where indrelid in ${tables} and not indisprimary`,
	);
	for (const [table, name] of foreignKeys) {
		await database.exec(`alter table ${table} drop constraint "${name}"`);
	}
	for (const [name] of indexes) await database.exec(`drop index ${name}`);
	await database.exec(receiversSql);
	await database.exec(requestsSql);
	await database.exec(notificationsSql);
	for (const [, definition] of indexes) await database.exec(definition);
	for (const [table, name, definition] of foreignKeys) {
		await database.exec(`alter table ${table} add constraint "${name}" ${definition}`);
	}
	const inserted = performance.now();
	await database.exec('vacuum analyze users, items, item_requests, notifications');
	await database.exec('checkpoint');
	const done = performance.now();
	const [[requests, notifications]] = await database.all(
		'select (select count(*) from item_requests), (select count(*) from notifications)',
	);
	const states = Object.fromEntries(
		(
			await database.all(
				'select state, count(*) from item_requests group by state order by count(*) desc',
			)
		).map(([state, count]) => [state, Number(count)]),
	);
	const [[heldMost]] = await database.all(
		'select coalesce(max(held), 0) from (select count(*) as held from item_requests ' +
			`where state in ('open', 'reserved') and receiver_id like '${receiverIdPrefix}%' ` +
			'group by receiver_id) counted',
	);
	const seconds = (from, to) => Math.round((to - from) / 100) / 10;
	const timing = {
		insertSeconds: seconds(started, inserted),
		vacuumSeconds: seconds(inserted, done),
	};
	const mix = Object.entries(states)
		.map(([state, count]) => `${state} ${Math.round((count / Number(requests)) * 100)}%`)
		.join(', ');
	log(
		`  seeded ${receiverCount} receivers, ${requests} requests (${mix}; at most ` +
			`${heldMost} open or reserved per receiver, the server allows ` +
			`${requestLimits.activePerReceiver}), ${notifications} notifications in ` +
			`${timing.insertSeconds} s (inserts, indexes and foreign keys), vacuum analyze and ` +
			`checkpoint ${timing.vacuumSeconds} s`,
	);
	return {
		receivers: receiverCount,
		requests: Number(requests),
		states,
		notifications: Number(notifications),
		seed: timing,
	};
}
