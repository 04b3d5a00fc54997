import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { requestLimits } from '~/config/limits';
import type { Database } from '~/server/db/client';
import { itemRequests, items } from '~/server/db/schema';
import { notify } from '~/features/notifications/notifications.server';
import { lockItem, saveItemQuantities } from '~/features/items/item-stock.server';

/**
 * Ends reservations whose time ran out without a hand-over: their quantity is free again and both
 * sides are told (the receiver's counts as a no-show). Each one in its own transaction, with the
 * item locked first as every other change of its quantities. Returns how many expired.
 */
export async function expireReservations(db: Database, now = new Date()): Promise<number> {
	const due = await db
		.select({ id: itemRequests.id, itemId: itemRequests.itemId })
		.from(itemRequests)
		.where(and(eq(itemRequests.state, 'reserved'), lt(itemRequests.reservedUntil, now)));
	let expired = 0;
	for (const { id, itemId } of due) {
		await db.transaction(async (tx) => {
			const item = await lockItem(tx, itemId);
			const [request] = await tx
				.update(itemRequests)
				.set({ state: 'expired', closedAt: now, updatedAt: now })
				.where(
					and(
						eq(itemRequests.id, id),
						eq(itemRequests.state, 'reserved'),
						lt(itemRequests.reservedUntil, now),
					),
				)
				.returning();
			if (!request) return;
			expired += 1;
			await saveItemQuantities(
				tx,
				item,
				item.quantity,
				item.reservedQuantity - request.quantity,
				now,
			);
			const data = { item: item.name, count: request.quantity };
			await notify(
				tx,
				{ userId: request.receiverId, kind: 'reservationExpired', itemId, requestId: id, data },
				{
					userId: request.donorId,
					kind: 'reservationExpired',
					itemId,
					requestId: id,
					data: { ...data, side: 'donor' },
				},
			);
		});
	}
	return expired;
}

/**
 * Tells both sides of each reservation that ends within `requestLimits.expiryWarningMs`, once per
 * reservation (an extension sets it to be told again).
 */
export async function warnExpiringReservations(db: Database, now = new Date()): Promise<number> {
	const soon = new Date(now.getTime() + requestLimits.expiryWarningMs);
	return db.transaction(async (tx) => {
		const warned = await tx
			.update(itemRequests)
			.set({ expiryWarnedAt: now })
			.where(
				and(
					eq(itemRequests.state, 'reserved'),
					lt(itemRequests.reservedUntil, soon),
					isNull(itemRequests.expiryWarnedAt),
				),
			)
			.returning();
		if (warned.length === 0) return 0;
		const names = await tx
			.select({ id: items.id, name: items.name })
			.from(items)
			.where(inArray(items.id, [...new Set(warned.map((request) => request.itemId))]));
		const nameOf = new Map(names.map((item) => [item.id, item.name]));
		await notify(
			tx,
			...warned.flatMap((request) => {
				const data = { item: nameOf.get(request.itemId) ?? '', count: request.quantity };
				const common = {
					kind: 'reservationExpiring' as const,
					itemId: request.itemId,
					requestId: request.id,
				};
				return [
					{ ...common, userId: request.receiverId, data },
					{ ...common, userId: request.donorId, data: { ...data, side: 'donor' } },
				];
			}),
		);
		return warned.length;
	});
}
