import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { type ItemRow, lockItem, saveItemQuantities } from '~/features/items/item-stock.server';
import { notify } from '~/features/notifications/notifications.server';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, userBlocks, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { mediaUrl } from '~/server/storage';
import type { BlockedPerson } from './blocks';

/**
 * Closes the pickup requests one receiver still has open or reserved for one item (its donor
 * blocked them), freeing what their reservation held and telling them why. Courier requests
 * follow their order instead. The item's row must be locked.
 */
async function closeRequestsOfReceiver(
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

/**
 * `PUT /blocks/{userId}`: blocks a person; blocking them again changes nothing. Their open
 * requests and reservations for the donor's items end with the block, as declined because
 * `blocked`, so they are told, and a reservation no longer holds the donor's phone for them.
 * Items are locked in order of their ids, as one donor's other writes would.
 */
export async function blockUser(
	db: Database,
	blockerId: string,
	blockedId: string,
	now = new Date(),
): Promise<void> {
	if (blockerId === blockedId) {
		throw new AppError('VALIDATION_ERROR', { userId: 'blocks.errors.self' });
	}
	const [person] = await db.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
	if (!person) throw new AppError('NOT_FOUND');
	await db.transaction(async (tx) => {
		await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
		const asked = await tx
			.selectDistinct({ itemId: itemRequests.itemId })
			.from(itemRequests)
			.where(
				and(
					eq(itemRequests.donorId, blockerId),
					eq(itemRequests.receiverId, blockedId),
					inArray(itemRequests.state, ['open', 'reserved']),
				),
			)
			.orderBy(asc(itemRequests.itemId));
		for (const { itemId } of asked) {
			await closeRequestsOfReceiver(tx, await lockItem(tx, itemId), blockedId, 'blocked', now);
		}
	});
}

/** `DELETE /blocks/{userId}`: lets a blocked person request again. */
export async function unblockUser(db: Database, blockerId: string, blockedId: string) {
	await db
		.delete(userBlocks)
		.where(and(eq(userBlocks.blockerId, blockerId), eq(userBlocks.blockedId, blockedId)));
}

/** `GET /blocks`: the people the caller blocked, the latest first. */
export async function blockedPeople(db: Database, blockerId: string): Promise<BlockedPerson[]> {
	const rows = await db
		.select({
			id: users.id,
			name: users.name,
			avatarKey: users.avatarKey,
			blockedAt: userBlocks.createdAt,
		})
		.from(userBlocks)
		.innerJoin(users, eq(users.id, userBlocks.blockedId))
		.where(eq(userBlocks.blockerId, blockerId))
		.orderBy(desc(userBlocks.createdAt));
	return rows.map((row) => ({
		id: row.id,
		name: row.name ?? '',
		avatar: mediaUrl(row.avatarKey),
		blockedAt: row.blockedAt.toISOString(),
	}));
}
