import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Transaction } from '~/server/db/client';
import { itemRequests } from '~/server/db/schema';
import { type ItemRow, saveItemQuantities } from '~/features/items/item-stock.server';
import { notify } from '~/features/notifications/notifications.server';

export type RequestRow = typeof itemRequests.$inferSelect;

/**
 * Closes the pickup requests one receiver still has open or reserved for one item (its donor
 * blocked them), freeing what their reservation held and telling them why. Courier requests
 * follow their order instead. The item's row must be locked.
 */
export async function closeRequestsOfReceiver(
	tx: Transaction,
	item: ItemRow,
	receiverId: string,
	reason: 'blocked',
	now: Date,
): Promise<number> {
	const active = and(
		eq(itemRequests.itemId, item.id),
		eq(itemRequests.receiverId, receiverId),
		eq(itemRequests.method, 'pickup'),
		inArray(itemRequests.state, ['open', 'reserved']),
	);
	const requests = await tx.select().from(itemRequests).where(active).for('update');
	if (requests.length === 0) return 0;
	await tx
		.update(itemRequests)
		.set({
			state: 'declined',
			declineReason: reason,
			reservedUntil: null,
			closedAt: now,
			updatedAt: now,
		})
		.where(active);
	const freed = requests
		.filter((request) => request.state === 'reserved')
		.reduce((sum, request) => sum + request.quantity, 0);
	if (freed > 0) {
		await saveItemQuantities(tx, item, item.quantity, item.reservedQuantity - freed, now);
	}
	await notify(
		tx,
		...requests.map((request) => ({
			userId: receiverId,
			kind: 'requestClosed' as const,
			itemId: item.id,
			requestId: request.id,
			data: { item: item.name, reason },
		})),
	);
	return requests.length;
}

/** The start of `now`'s day in Asia/Jakarta (UTC+7, no daylight saving). */
export function jakartaDayStart(now: Date): Date {
	const offset = 7 * 60 * 60_000;
	const local = now.getTime() + offset;
	return new Date(local - (local % (24 * 60 * 60_000)) - offset);
}

/** Counted, confirmed hand-overs matching `where`, for the collusion limits. */
export async function countedConfirmations(tx: Transaction, where: ReturnType<typeof sql>) {
	const [row] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(itemRequests)
		.where(and(eq(itemRequests.state, 'confirmed'), eq(itemRequests.countsForImpact, true), where));
	return Number(row?.count ?? 0);
}
