import { and, asc, desc, eq, inArray, or } from 'drizzle-orm';
import { type ItemRow, lockItem, saveItemQuantities } from '~/features/items/item-stock.server';
import { notify } from '~/features/notifications/notifications.server';
import type { Database, Transaction } from '~/server/db/client';
import { itemRequests, items, needOffers, needs, userBlocks, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { mediaUrl } from '~/server/storage';
import type { BlockedPerson } from './blocks';

/**
 * A request of one side's for the other's item still open or reserved, ended by a block: the
 * blocker's own request as withdrawn (its donor told, as for any withdrawal), the blocked person's
 * as declined because `blocked` (they are told why). What a reservation held is freed. Courier
 * requests follow their order instead. The item's row must be locked.
 */
async function closeRequestsBetween(
	tx: Transaction,
	item: ItemRow,
	blocker: { id: string; name: string },
	receiverId: string,
	now: Date,
): Promise<void> {
	const active = and(
		eq(itemRequests.itemId, item.id),
		eq(itemRequests.receiverId, receiverId),
		eq(itemRequests.method, 'pickup'),
		inArray(itemRequests.state, ['open', 'reserved']),
	);
	const requests = await tx.select().from(itemRequests).where(active).for('update');
	if (requests.length === 0) return;
	const blockerAsked = receiverId === blocker.id;
	await tx
		.update(itemRequests)
		.set({
			state: blockerAsked ? 'withdrawn' : 'declined',
			declineReason: blockerAsked ? null : 'blocked',
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
		...requests.map((request) =>
			blockerAsked
				? {
						userId: item.donorId,
						kind: 'requestWithdrawn' as const,
						itemId: item.id,
						requestId: request.id,
						data: { item: item.name, name: blocker.name, count: request.quantity },
					}
				: {
						userId: receiverId,
						kind: 'requestClosed' as const,
						itemId: item.id,
						requestId: request.id,
						data: { item: item.name, reason: 'blocked' },
					},
		),
	);
}

/** Requests of `receiverId` for `donorId`'s items. */
const askedOf = (donorId: string, receiverId: string) =>
	and(eq(itemRequests.donorId, donorId), eq(itemRequests.receiverId, receiverId));

/** Offers of `donorId`'s items to `ownerId`'s needs; the query must join the offer's need. */
const offeredTo = (ownerId: string, donorId: string) =>
	and(eq(needs.ownerId, ownerId), eq(needOffers.donorId, donorId));

/**
 * Whether two people have dealt with each other: a request between them, or an offer of one's
 * item to the other's need, either way, ever.
 */
async function haveDealt(db: Database, one: string, other: string): Promise<boolean> {
	const [[asked], [offered]] = await Promise.all([
		db
			.select({ id: itemRequests.id })
			.from(itemRequests)
			.where(or(askedOf(one, other), askedOf(other, one)))
			.limit(1),
		db
			.select({ id: needOffers.id })
			.from(needOffers)
			.innerJoin(needs, eq(needs.id, needOffers.needId))
			.where(or(offeredTo(one, other), offeredTo(other, one)))
			.limit(1),
	]);
	return Boolean(asked || offered);
}

/**
 * Ends the offers still open between the two, as their requests end: the blocker's own offers as
 * withdrawn (a withdrawal tells nobody), the blocked person's declined, and they are told as for
 * any declined offer.
 */
async function closeOffersBetween(
	tx: Transaction,
	blocker: { id: string; name: string },
	blockedId: string,
	now: Date,
): Promise<void> {
	const open = await tx
		.select({
			id: needOffers.id,
			donorId: needOffers.donorId,
			itemId: needOffers.itemId,
			itemName: items.name,
			needId: needs.id,
			title: needs.title,
		})
		.from(needOffers)
		.innerJoin(needs, eq(needs.id, needOffers.needId))
		.innerJoin(items, eq(items.id, needOffers.itemId))
		.where(
			and(
				or(offeredTo(blocker.id, blockedId), offeredTo(blockedId, blocker.id)),
				eq(needOffers.state, 'open'),
			),
		)
		.orderBy(asc(needOffers.id))
		.for('update', { of: needOffers });
	if (open.length === 0) return;
	const ended = (donorId: string) => open.filter((offer) => offer.donorId === donorId);
	for (const [donorId, state] of [
		[blocker.id, 'withdrawn'],
		[blockedId, 'declined'],
	] as const) {
		const ids = ended(donorId).map((offer) => offer.id);
		if (ids.length === 0) continue;
		await tx.update(needOffers).set({ state, decidedAt: now }).where(inArray(needOffers.id, ids));
	}
	const declined = ended(blockedId);
	if (declined.length === 0) return;
	await notify(
		tx,
		...declined.map((offer) => ({
			userId: blockedId,
			kind: 'offerDeclined' as const,
			itemId: offer.itemId,
			data: { need: offer.needId, title: offer.title, item: offer.itemName, name: blocker.name },
		})),
	);
}

/**
 * Whether `viewerId` may block `otherId` (they dealt with each other) and whether they did: what
 * the block button on a public profile starts from. Null when there is no button to show.
 */
export async function blockChoice(
	db: Database,
	viewerId: string,
	otherId: string,
): Promise<{ blocked: boolean } | null> {
	if (viewerId === otherId) return null;
	const [dealt, [block]] = await Promise.all([
		haveDealt(db, viewerId, otherId),
		db
			.select({ blockedId: userBlocks.blockedId })
			.from(userBlocks)
			.where(and(eq(userBlocks.blockerId, viewerId), eq(userBlocks.blockedId, otherId))),
	]);
	// Someone already blocked keeps their unblock button, whatever became of the requests.
	return dealt || block ? { blocked: Boolean(block) } : null;
}

/**
 * `PUT /blocks/{userId}`: blocks someone the caller has dealt with (a request or an offer between
 * them, either way); blocking them again changes nothing. A block stands between the two whoever
 * made it (docs/product-rules.md#trust-and-safety): neither can request the other's items, offer
 * to the other's needs nor see the other's phone, and their requests still open or reserved and
 * their open offers, either way, end with it. Items are locked in order of their ids, as a
 * donor's other writes would.
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
	const people = await db
		.select({ id: users.id, name: users.name })
		.from(users)
		.where(inArray(users.id, [blockerId, blockedId]));
	const blocker = people.find((person) => person.id === blockerId);
	if (!blocker || !people.some((person) => person.id === blockedId)) {
		throw new AppError('NOT_FOUND');
	}
	if (!(await haveDealt(db, blockerId, blockedId))) {
		throw new AppError('FORBIDDEN', undefined, undefined, { key: 'blocks.errors.noDealings' });
	}
	await db.transaction(async (tx) => {
		await tx.insert(userBlocks).values({ blockerId, blockedId }).onConflictDoNothing();
		// Offers before items, the order in which accepting an offer locks them.
		await closeOffersBetween(tx, { id: blockerId, name: blocker.name ?? '' }, blockedId, now);
		const asked = await tx
			.selectDistinct({ itemId: itemRequests.itemId, receiverId: itemRequests.receiverId })
			.from(itemRequests)
			.where(
				and(
					or(askedOf(blockerId, blockedId), askedOf(blockedId, blockerId)),
					inArray(itemRequests.state, ['open', 'reserved']),
				),
			)
			.orderBy(asc(itemRequests.itemId));
		for (const { itemId, receiverId } of asked) {
			const item = await lockItem(tx, itemId);
			await closeRequestsBetween(
				tx,
				item,
				{ id: blockerId, name: blocker.name ?? '' },
				receiverId,
				now,
			);
		}
	});
}

/** `DELETE /blocks/{userId}`: lifts the caller's block; the two may request each other again. */
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
