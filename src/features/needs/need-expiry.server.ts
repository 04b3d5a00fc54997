import { and, eq, lte } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { needs } from '~/server/db/schema';
import { notify } from '~/features/notifications/notifications.server';

/**
 * Closes the open needs whose time ran out (`closesAt`, unless their owner renewed them) and tells
 * each owner, as of `now`. Run with the periodic reminders.
 */
export async function closeExpiredNeeds(db: Database, now = new Date()): Promise<number> {
	return db.transaction(async (tx) => {
		const closed = await tx
			.update(needs)
			.set({ state: 'closed', updatedAt: now })
			.where(and(eq(needs.state, 'open'), lte(needs.closesAt, now)))
			.returning({ id: needs.id, ownerId: needs.ownerId, title: needs.title });
		await notify(
			tx,
			...closed.map((need) => ({
				userId: need.ownerId,
				kind: 'needClosed' as const,
				itemId: null,
				data: { need: need.id, title: need.title },
			})),
		);
		return closed.length;
	});
}
