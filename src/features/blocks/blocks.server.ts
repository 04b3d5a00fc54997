import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { closeRequestsOfReceiver } from '~/features/requests/request-rules.server';
import { mediaUrl } from '~/server/storage';
import type { Database } from '~/server/db/client';
import { itemRequests, userBlocks, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { lockItem } from '~/features/items/item-stock.server';
import type { BlockedPerson } from './blocks';

/** A database or a transaction. */
type Reader = Pick<Database, 'select'>;

/** Whether `donorId` blocked `userId`: then `userId` may not request their items or see their phone. */
export async function isBlockedBy(db: Reader, donorId: string, userId: string): Promise<boolean> {
	const [row] = await db
		.select({ blockedId: userBlocks.blockedId })
		.from(userBlocks)
		.where(and(eq(userBlocks.blockerId, donorId), eq(userBlocks.blockedId, userId)));
	return Boolean(row);
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
