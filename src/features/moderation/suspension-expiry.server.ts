import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { notify } from '~/features/notifications/notifications.server';
import type { Database } from '~/server/db/client';
import { items, needs, users } from '~/server/db/schema';

/**
 * Ends the suspensions whose time ran out (`suspendedUntil` at or before `now`) as lifting them
 * does: the person's items and needs that the suspension hid are shown again, and they are told.
 * A suspension for good has no end and stays. Run with the periodic reminders; returns how many
 * ended.
 */
export async function endSuspensionsThatRanOut(db: Database, now = new Date()): Promise<number> {
	return db.transaction(async (tx) => {
		const ended = await tx
			.update(users)
			.set({ suspendedAt: null, suspendedUntil: null })
			.where(and(isNotNull(users.suspendedAt), lte(users.suspendedUntil, now)))
			.returning({ id: users.id });
		if (!ended.length) return 0;
		const people = ended.map((person) => person.id);
		await tx
			.update(items)
			.set({ hiddenAt: null, hiddenReason: null })
			.where(and(inArray(items.donorId, people), eq(items.hiddenReason, 'suspension')));
		await tx
			.update(needs)
			.set({ hiddenAt: null, hiddenReason: null })
			.where(and(inArray(needs.ownerId, people), eq(needs.hiddenReason, 'suspension')));
		await notify(
			tx,
			...people.map((userId) => ({
				userId,
				kind: 'suspensionLifted' as const,
				itemId: null,
				data: {},
			})),
		);
		return people.length;
	});
}
