// The bare side of the requests benchmark: the statements the server sends for each call
// (requests-statements.mjs), sent straight to PostgreSQL through postgres.js, the driver the server
// uses, configured as Drizzle configures it (timestamps and JSON pass as text), with asking in one
// transaction as askForItem runs it. What the API does around them (the session and the user read
// for the cookie, and on writes the rate limit's count) is not part of the bare work; it is part of
// what the API/bare ratio measures.
import { requestLimits } from '../../src/config/limits.ts';
import { prepared, statements } from './requests-statements.mjs';

const inProgress = ['open', 'reserved', 'handedOver'];
const held = ['open', 'reserved'];

/** The names of the statements, by their text. */
const names = new Map(Object.entries(statements).map(([name, text]) => [text, name]));

/**
 * Rows as arrays, the statement prepared or not as the server sends it.
 * @param {import('postgres').Sql} sql the pool or a transaction
 * @param {string} text
 * @param {unknown[]} params
 * @returns {Promise<any[][]>}
 */
const query = (sql, text, params) =>
	sql
		.unsafe(text, /** @type {any[]} */ (params), { prepare: prepared.has(names.get(text) ?? '') })
		.values();

/** Where a row of the donor's list holds `seen_by_donor_at`. */
const seenByDonorAt = 12;

/**
 * The bare work of each measured call, taking what the API's call takes (requests-callers.mjs).
 * Each fails where the server would refuse or answer otherwise, so both sides do the same work.
 * @param {import('postgres').Sql} client
 */
export function bareCalls(client) {
	/**
	 * askForItem's transaction for `quantity`: `change` gets the locked item's row and the request
	 * in progress, and gives the request's id.
	 */
	const asking = async (itemId, receiverId, quantity, change) => {
		const requestId = await client.begin(async (tx) => {
			const [item] = await query(tx, statements.lockItem, [itemId]);
			if (!item) throw new Error(`item ${itemId} not found`);
			const [current] = await query(tx, statements.requestInProgress, [
				itemId,
				receiverId,
				...inProgress,
			]);
			const [, , , , , , , , , left, reserved, status] = item;
			const available = status === 'AVAILABLE' ? left - reserved : status === 'RESERVED' ? left : 0;
			if (quantity > available) throw new Error(`item ${itemId} has ${available} to ask for`);
			return change(tx, item, current);
		});
		const rows = await query(client, statements.requestById, [requestId]);
		if (!rows.length) throw new Error(`request ${requestId} not found`);
	};
	/** The donor's notification of a new or changed request. */
	const notifyDonor = (tx, item, kind, requestId, receiverName, count) =>
		query(tx, statements.insertNotification, [
			item[1],
			kind,
			requestId,
			item[0],
			JSON.stringify({ item: item[2], name: receiverName, count }),
		]);
	return {
		/** @param {{ donorId: string, itemId: number }} call */
		async donorList({ donorId, itemId }) {
			const [item] = await query(client, statements.itemDonor, [itemId]);
			if (item?.[0] !== donorId) throw new Error(`item ${itemId} is not ${donorId}'s`);
			const rows = await query(client, statements.itemRequests, [itemId]);
			if (!rows.length) throw new Error(`item ${itemId} has no requests`);
			// As the server, marks them seen only when one of them is not.
			if (rows.some((row) => row[seenByDonorAt] === null)) {
				await query(client, statements.markSeen, [new Date().toISOString(), itemId]);
			}
		},
		/** @param {string} receiverId */
		async receiverList(receiverId) {
			await query(client, statements.receiverRequests, [receiverId]);
		},
		/** @param {{ receiverId: string, receiverName: string, itemId: number }} call */
		ask({ receiverId, receiverName, itemId }) {
			return asking(itemId, receiverId, 1, async (tx, item, current) => {
				if (current) throw new Error(`${receiverId} already asked for item ${itemId}`);
				await query(tx, statements.lockUser, [receiverId]);
				const [[count]] = await query(tx, statements.countHeld, [receiverId, ...held]);
				if (count >= requestLimits.activePerReceiver)
					throw new Error(`${receiverId} holds ${count}`);
				const now = new Date().toISOString();
				const [[requestId]] = await query(tx, statements.insertRequest, [
					itemId,
					item[1],
					receiverId,
					1,
					now,
					now,
				]);
				await notifyDonor(tx, item, 'requestCreated', requestId, receiverName, 1);
				return requestId;
			});
		},
		/**
		 * @param {{ request: { receiverId: string, receiverName: string, itemId: number },
		 *   quantity: number }} call
		 */
		askAgain({ request: { receiverId, receiverName, itemId }, quantity }) {
			return asking(itemId, receiverId, quantity, async (tx, item, current) => {
				if (current?.[5] !== 'open') throw new Error(`${receiverId} has no open request`);
				const requestId = current[0];
				if (current[4] !== quantity) {
					const now = new Date().toISOString();
					await query(tx, statements.updateQuantity, [quantity, null, now, requestId]);
					await notifyDonor(tx, item, 'requestUpdated', requestId, receiverName, quantity);
				}
				return requestId;
			});
		},
	};
}
