// The bare side of the requests benchmark: the statements the server sends for each call
// (requests-statements.mjs), sent straight to PostgreSQL through postgres.js, the driver the server
// uses, configured as Drizzle configures it (timestamps and JSON pass as text), prepared where the
// server prepares them, with asking's two statements sent together in one transaction as
// askForItem sends them, then the donor's notification in the same transaction. What the API does around them (the session and the user read for the
// cookie, and on writes the rate limit's count) is not part of the bare work; it is part of what
// the API/bare ratio measures.
import { choosingLimits, reliabilityLimits, requestLimits } from '../../src/config/limits.ts';
import { askParams, statements, tellDonorParams } from './requests-statements.mjs';

/**
 * Rows by column name, the statement prepared unless the server sends it unprepared.
 * @param {import('postgres').Sql} sql the pool or a transaction
 * @param {string} text
 * @param {unknown[]} params
 * @returns {Promise<any[]>}
 */
const query = (sql, text, params, prepare = true) =>
	sql.unsafe(text, /** @type {any[]} */ (params), { prepare });

/**
 * The bare work of each measured call, taking what the API's call takes (requests-callers.mjs).
 * Each fails where the server would refuse or answer otherwise, so both sides do the same work.
 * @param {import('postgres').Sql} client
 */
export function bareCalls(client) {
	/**
	 * askForItem's transaction: fails unless the verdict is `expected`.
	 * @param {{ itemId: number, receiverId: string, receiverName: string, quantity: number }} ask
	 * @param {string} expected
	 */
	const asking = async ({ itemId, receiverId, receiverName, quantity }, expected) => {
		const values = {
			itemId,
			receiverId,
			quantity,
			now: new Date().toISOString(),
			receivedAtMost: choosingLimits.receivedPerWindow,
			heldAtMost: requestLimits.activePerReceiver,
			heldAfterNoShows: reliabilityLimits.limitedOpenRequests,
		};
		await client.begin(async (tx) => {
			const [, [answer]] = await Promise.all([
				query(tx, statements.askingTurn, [receiverId, itemId]),
				query(tx, statements.askForItem, askParams(values)),
			]);
			if (answer?.outcome !== expected) {
				throw new Error(`${receiverId} asking for item ${itemId}: ${answer?.outcome ?? 'no item'}`);
			}
			const told = {
				donorId: answer.donor_id,
				created: expected === 'created',
				requestId: answer.id,
				itemId,
				itemName: answer.item_name,
				receiverName,
				quantity,
			};
			await query(tx, statements.tellDonor, tellDonorParams(told));
		});
	};
	return {
		/** @param {{ donorId: string, itemId: number }} call */
		async donorList({ donorId, itemId }) {
			// The starts of the record's 90 days (for pickups and no-shows) and of the last 14.
			const now = Date.now();
			const windows = [
				reliabilityLimits.recordWindowMs,
				reliabilityLimits.recordWindowMs,
				choosingLimits.receivedWindowMs,
			].map((ms) => new Date(now - ms).toISOString());
			const rows = await query(client, statements.donorList, [...windows, donorId, itemId]);
			if (rows[0]?.item_donor_id !== donorId) throw new Error(`item ${itemId} is not ${donorId}'s`);
			if (rows[0].id === null) throw new Error(`item ${itemId} has no requests`);
			// As the server, marks them seen only when one of them is not.
			if (rows.some((row) => row.seen_by_donor_at === null)) {
				await query(client, statements.markSeen, [new Date().toISOString(), itemId], false);
			}
		},
		/** @param {string} receiverId */
		async receiverList(receiverId) {
			await query(client, statements.receiverRequests, [receiverId]);
		},
		/** @param {{ receiverId: string, receiverName: string, itemId: number }} call */
		ask({ receiverId, receiverName, itemId }) {
			return asking({ itemId, receiverId, receiverName, quantity: 1 }, 'created');
		},
		/**
		 * @param {{ request: { receiverId: string, receiverName: string, itemId: number },
		 *   quantity: number }} call
		 */
		askAgain({ request: { receiverId, receiverName, itemId }, quantity }) {
			return asking({ itemId, receiverId, receiverName, quantity }, 'changed');
		},
	};
}
