/**
 * An item's stock: its row locked while requests and courier orders change it, what is left to
 * give and what reservations hold, the status they lead to, and the requests still waiting on it
 * closed once there is nothing to give them.
 */
import { and, eq, inArray } from 'drizzle-orm';
import { notify } from '~/features/notifications/notifications.server';
import type { NotificationKind } from '~/features/notifications/notifications';
import type { Transaction } from '~/server/db/client';
import { itemRequests, items } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';

export type ItemRow = typeof items.$inferSelect;

/** The item's row, locked until the transaction ends; NOT_FOUND when there is none. */
export async function lockItem(tx: Transaction, itemId: number): Promise<ItemRow> {
	const [row] = Number.isSafeInteger(itemId)
		? await tx.select().from(items).where(eq(items.id, itemId)).for('update')
		: [];
	if (!row) throw new AppError('NOT_FOUND');
	return row;
}

/** What is left to reserve: all that is left to give, less what reservations hold. */
export function unreserved(item: Pick<ItemRow, 'quantity' | 'reservedQuantity'>): number {
	return item.quantity - item.reservedQuantity;
}

/**
 * The status an item has with this much left and reserved: nothing left is DONATED, everything
 * reserved is RESERVED, otherwise AVAILABLE. Only items that requests move (AVAILABLE, RESERVED,
 * or DONATED by hand-overs) take it; a SHIPPED or CANCELLED item keeps its own.
 */
export function statusFor(
	quantity: number,
	reserved: number,
): 'AVAILABLE' | 'RESERVED' | 'DONATED' {
	if (quantity === 0) return 'DONATED';
	return reserved >= quantity ? 'RESERVED' : 'AVAILABLE';
}

/** Writes the item's new quantities and the status they lead to, dating a donation. */
export async function saveItemQuantities(
	tx: Transaction,
	item: ItemRow,
	quantity: number,
	reservedQuantity: number,
	now: Date,
): Promise<ItemRow['status']> {
	const movable = ['AVAILABLE', 'RESERVED', 'DONATED'].includes(item.status);
	const status = movable ? statusFor(quantity, reservedQuantity) : item.status;
	await tx
		.update(items)
		.set({
			quantity,
			reservedQuantity,
			status,
			donatedAt: status === 'DONATED' ? (item.donatedAt ?? now) : null,
			updatedAt: now,
		})
		.where(eq(items.id, item.id));
	return status;
}

/**
 * Closes every request of the item still open or reserved (the donor gave it away elsewhere,
 * nothing is left, or the item is being deleted), telling each receiver why. Returns how many.
 */
export async function closeActiveRequests(
	tx: Transaction,
	item: ItemRow,
	kind: Extract<NotificationKind, 'requestClosed' | 'itemDeleted'>,
	reason: 'givenAway' | 'noneLeft' | null,
	now: Date,
): Promise<number> {
	const closed = await tx
		.update(itemRequests)
		.set({
			state: kind === 'itemDeleted' ? 'withdrawn' : 'declined',
			declineReason: reason,
			reservedUntil: null,
			closedAt: now,
			updatedAt: now,
		})
		.where(and(eq(itemRequests.itemId, item.id), inArray(itemRequests.state, ['open', 'reserved'])))
		.returning({ id: itemRequests.id, receiverId: itemRequests.receiverId });
	await notify(
		tx,
		...closed.map((request) => ({
			userId: request.receiverId,
			kind,
			itemId: kind === 'itemDeleted' ? null : item.id,
			requestId: kind === 'itemDeleted' ? null : request.id,
			data: { item: item.name, ...(reason ? { reason } : {}) },
		})),
	);
	return closed.length;
}
