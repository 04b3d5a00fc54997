import { and, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { items } from '~/server/db/schema';
import { notify } from '~/features/notifications/notifications.server';

/**
 * Tells the donors whose wait is over (docs/product-rules.md#choosing) that requests are waiting
 * for them to choose, once per wait: every wait that ended is marked told, and those with open
 * requests are told, as of `now`.
 */
export async function tellChoosingTime(db: Database, now: Date): Promise<number> {
	return db.transaction(async (tx) => {
		const ended = await tx
			.update(items)
			.set({ chooseToldAt: now })
			.where(and(isNotNull(items.chooseAt), isNull(items.chooseToldAt), lte(items.chooseAt, now)))
			.returning({
				id: items.id,
				donorId: items.donorId,
				name: items.name,
				// Named with its table: inside the subquery a bare `id` would be the request's.
				waiting: sql<number>`(select count(*)::int from item_requests
					where item_requests.item_id = "items"."id" and item_requests.state = 'open')`,
			});
		const told = ended.filter((item) => Number(item.waiting) > 0);
		await notify(
			tx,
			...told.map((item) => ({
				userId: item.donorId,
				kind: 'choosingTime' as const,
				itemId: item.id,
				data: { item: item.name, count: Number(item.waiting) },
			})),
		);
		return told.length;
	});
}
