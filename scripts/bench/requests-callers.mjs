// Who the requests benchmark calls as, and with what: a session for each seeded receiver and for
// the donors of the loaded lists, stored as the server stores one; the pairs of receiver and item
// that new requests take, each once, so every call creates a request and none meets the server's
// limits; the open requests asked for again, each time for another quantity; the donors' items
// and the receivers whose lists are read.
import { createHash, randomBytes } from 'node:crypto';
import { requestLimits } from '../../src/config/limits.ts';
import { popularEvery } from './requests-settings.mjs';
import { receiverIdPrefix } from './requests-seed.mjs';

/**
 * The `sessions` row id of a session token: its SHA-256 in base64url, as the server's session
 * store keeps it (src/server/auth/sessions.ts), so a leaked table signs nobody in.
 * @param {string} token
 */
export function sessionIdOf(token) {
	return createHash('sha256').update(token).digest('base64url');
}

/**
 * Entries handed out one per call, in order, each once: a call past the last one fails (and
 * counts as an error) rather than repeat an entry.
 * @template T
 * @param {T[]} entries
 */
export function handOut(entries) {
	let next = 0;
	return {
		/** @returns {T} */
		take() {
			if (next >= entries.length) throw new Error(`all ${entries.length} entries were used`);
			return entries[next++];
		},
		/** How many were taken. */
		taken: () => next,
	};
}

/**
 * Open requests of quantity 1 asked for again in turn, each time for the other of 2 and 1, so
 * every call changes the request (asking for the quantity it has already changes nothing).
 * @template T
 * @param {T[]} requests
 * @returns {() => { request: T, quantity: number }}
 */
export function askingAgain(requests) {
	let calls = 0;
	return () => {
		const round = Math.floor(calls / requests.length);
		const request = requests[calls++ % requests.length];
		return { request, quantity: round % 2 === 0 ? 2 : 1 };
	};
}

/** @template T @param {T[]} entries */
export const randomOf = (entries) => entries[Math.floor(Math.random() * entries.length)];

// Each seeded receiver asks for items of others that are available, up to the server's limit of
// requests open or reserved, never for one they already asked for. Item k of a receiver is
// askable item number (receiver × 7919 + k × 104729) mod the askable items (104729 being a prime
// above their count, a receiver's items differ), which spreads the calls over many items and so
// over many item locks. In order of k, then receiver, so that one receiver's calls are thousands
// apart: they never wait for each other's lock on the receiver's row, and no receiver comes near
// the API's limit of 60 writes a minute.
const askPairsSql = `
with receivers as (
	select u.id, u.name, row_number() over (order by u.id) as number,
		${requestLimits.activePerReceiver} - count(r.id) as free
	from users u
	left join item_requests r on r.receiver_id = u.id and r.state in ('open', 'reserved')
	where u.id like '${receiverIdPrefix}%'
	group by u.id
), askable as materialized (
	select id, row_number() over (order by id) - 1 as number from items
	where status = 'AVAILABLE' and quantity > reserved_quantity
)
select receivers.id, receivers.name, askable.id
from receivers
cross join lateral generate_series(1, receivers.free) k
join askable
	on askable.number = (receivers.number * 7919 + k * 104729) % (select count(*) from askable)
where not exists (
	select from item_requests r where r.item_id = askable.id and r.receiver_id = receivers.id
		and r.state in ('open', 'reserved', 'handedOver'))
order by k, receivers.number`;

// One open request of quantity 1 per receiver, on an item with two or more left to reserve, so
// asking for 2 is allowed; in a shuffled order.
const againSql = `
select receiver_id, name, item_id from (
	select distinct on (r.receiver_id) r.receiver_id, u.name, r.item_id
	from item_requests r
	join items i on i.id = r.item_id
	join users u on u.id = r.receiver_id
	where r.state = 'open' and r.quantity = 1 and r.receiver_id like '${receiverIdPrefix}%'
		and i.status = 'AVAILABLE' and i.quantity - i.reserved_quantity >= 2
	order by r.receiver_id, r.id
) chosen
order by md5(receiver_id)`;

/**
 * Signs in the seeded receivers and the donors of the loaded items, and reads what each call
 * takes.
 * @param {(text: string, params?: unknown[]) => Promise<unknown[][]>} query rows as arrays
 */
export async function prepareCallers(query) {
	const donorItems = /** @type {[string, string][]} */ (
		await query(`select donor_id, id from items where id % ${popularEvery} = 0 order by id`)
	).map(([donorId, itemId]) => ({ donorId, itemId: Number(itemId) }));
	const receivers = (
		await query(`select id from users where id like '${receiverIdPrefix}%' order by id`)
	).map(([id]) => /** @type {string} */ (id));
	const users = [...new Set([...receivers, ...donorItems.map(({ donorId }) => donorId)])];
	const tokens = users.map(() => randomBytes(32).toString('base64url'));
	await query(
		'insert into sessions (id, user_id, expires_at) ' +
			"select unnest($1::text[]), unnest($2::text[]), now() + interval '14 days'",
		[tokens.map(sessionIdOf), users],
	);
	const toAsk = (rows) =>
		rows.map(([receiverId, receiverName, itemId]) => ({
			receiverId,
			receiverName,
			itemId: Number(itemId),
		}));
	return {
		tokens: new Map(users.map((user, index) => [user, tokens[index]])),
		donorItems,
		receivers,
		askPairs: toAsk(await query(askPairsSql)),
		openRequests: toAsk(await query(againSql)),
	};
}
