import { and, asc, desc, eq, isNull, or, sql } from 'drizzle-orm';
import { fieldErrors } from '~/lib/field-errors';
import type { Locale } from '~/lib/i18n/locales';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { UserRow } from '~/server/auth/users';
import type { Database, Transaction } from '~/server/db/client';
import {
	itemImages,
	itemRequests,
	items,
	needOffers,
	needs,
	userBlocks,
	users,
} from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { mediaUrl } from '~/server/storage';
import { photoFiles } from '~/features/items/photos.server';
import { notify } from '~/features/notifications/notifications.server';
import { askForItem } from '~/features/requests/asking.server';
import { changeRequest } from '~/features/requests/requests.server';
import { type NeedOffer, type OfferableItem, offerInputSchema } from './needs';
import { type NeedRow, seesHidden } from './needs.server';

const conflict = (key: string) =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, { key: `needs.errors.${key}` });

/** Whether either person blocked the other. */
async function blockedEitherWay(db: Database | Transaction, one: string, other: string) {
	const [row] = await db
		.select({ blockerId: userBlocks.blockerId })
		.from(userBlocks)
		.where(
			or(
				and(eq(userBlocks.blockerId, one), eq(userBlocks.blockedId, other)),
				and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, one)),
			),
		)
		.limit(1);
	return row !== undefined;
}

/** The need as `viewer` may see it: NOT_FOUND when it is not there or hidden from them. */
async function visibleNeed(db: Database | Transaction, id: number, viewer: UserRow | null) {
	const [need] = Number.isSafeInteger(id)
		? await db.select().from(needs).where(eq(needs.id, id))
		: [];
	if (!need || (need.hiddenAt && !seesHidden(need, viewer))) throw new AppError('NOT_FOUND');
	return need;
}

/** A need that takes offers: open and in sight. */
function refuseUnlessOpen(need: NeedRow): void {
	if (need.state !== 'open' || need.hiddenAt) throw conflict('notOpen');
}

/**
 * `POST /needs/{id}/offers`: a donor with a complete profile offers one of their own available
 * listings, with how many of it and an optional note; the need's owner is told. Nobody offers
 * to their own need, to someone they blocked or who blocked them, or the same item twice.
 */
export async function offerItem(
	db: Database,
	donor: UserRow,
	needId: number,
	body: unknown,
	now = new Date(),
): Promise<{ id: number }> {
	if (!isProfileComplete(donor)) throw new AppError('FORBIDDEN');
	const parsed = offerInputSchema.safeParse(body);
	if (!parsed.success) throw new AppError('VALIDATION_ERROR', fieldErrors(parsed.error.issues));
	const input = parsed.data;
	return db.transaction(async (tx) => {
		const need = await visibleNeed(tx, needId, donor);
		if (need.ownerId === donor.id) throw conflict('ownNeed');
		refuseUnlessOpen(need);
		if (await blockedEitherWay(tx, donor.id, need.ownerId)) {
			throw new AppError('BLOCKED', undefined, undefined, { key: 'needs.errors.blocked' });
		}
		const [item] = Number.isSafeInteger(input.itemId)
			? await tx.select().from(items).where(eq(items.id, input.itemId)).for('update')
			: [];
		if (!item) throw new AppError('VALIDATION_ERROR', { itemId: 'needs.errors.itemUnknown' });
		if (item.donorId !== donor.id) {
			throw new AppError('FORBIDDEN', { itemId: 'needs.errors.notYourItem' }, undefined, {
				key: 'needs.errors.notYourItem',
			});
		}
		if (item.status !== 'AVAILABLE' || item.hiddenAt) {
			throw new AppError('VALIDATION_ERROR', { itemId: 'needs.errors.itemNotAvailable' });
		}
		if (input.quantity > item.quantity - item.reservedQuantity) {
			throw new AppError('VALIDATION_ERROR', { quantity: 'needs.errors.quantityOverItem' });
		}
		const [row] = await tx
			.insert(needOffers)
			.values({
				needId: need.id,
				itemId: item.id,
				donorId: donor.id,
				quantity: input.quantity,
				message: input.message || null,
				createdAt: now,
			})
			.onConflictDoNothing()
			.returning({ id: needOffers.id });
		if (!row) throw conflict('alreadyOffered');
		await notify(tx, {
			userId: need.ownerId,
			kind: 'needOffered',
			itemId: item.id,
			data: { need: need.id, title: need.title, item: item.name, name: donor.name ?? '' },
		});
		return row;
	});
}

/** The cover of an item: its first photo at its smallest width. */
const coverOf = sql<{ key: string; widths: number[] } | null>`(
	select json_build_object('key', ${itemImages.key}, 'widths', ${itemImages.widths})
	from ${itemImages} where ${itemImages.itemId} = ${items.id}
	order by ${itemImages.position} limit 1)`;

function coverUrl(cover: { key: string; widths: number[] } | null): string | null {
	if (!cover) return null;
	const smallest = [...cover.widths].sort((a, b) => a - b).slice(0, 1);
	return mediaUrl(photoFiles({ key: cover.key, widths: smallest })[0] ?? null);
}

/**
 * `GET /needs/{id}/offers`: the need's owner sees every offer, with whether they blocked its
 * donor; anyone else signed in sees only their own. Newest first.
 */
export async function offersForNeed(
	db: Database,
	viewer: UserRow,
	needId: number,
): Promise<NeedOffer[]> {
	const need = await visibleNeed(db, needId, viewer);
	const rows = await db
		.select({
			offer: needOffers,
			itemName: items.name,
			cover: coverOf,
			donorName: users.name,
			donorAvatar: users.avatarKey,
			blockedAt: userBlocks.createdAt,
		})
		.from(needOffers)
		.innerJoin(items, eq(items.id, needOffers.itemId))
		.innerJoin(users, eq(users.id, needOffers.donorId))
		.leftJoin(
			userBlocks,
			and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, needOffers.donorId)),
		)
		.where(
			and(
				eq(needOffers.needId, need.id),
				need.ownerId === viewer.id ? undefined : eq(needOffers.donorId, viewer.id),
			),
		)
		.orderBy(desc(needOffers.createdAt), desc(needOffers.id));
	return rows.map(({ offer, itemName, cover, donorName, donorAvatar, blockedAt }) => ({
		id: offer.id,
		needId: offer.needId,
		state: offer.state as NeedOffer['state'],
		quantity: offer.quantity,
		message: offer.message,
		createdAt: offer.createdAt.toISOString(),
		item: { id: offer.itemId, name: itemName, cover: coverUrl(cover) },
		donor: { id: offer.donorId, name: donorName ?? '', avatar: mediaUrl(donorAvatar) },
		donorBlocked: blockedAt !== null,
		requestId: offer.requestId,
	}));
}

/** `GET /needs/offerable-items`: the caller's listings they may offer, oldest first. */
export async function offerableItems(db: Database, donorId: string): Promise<OfferableItem[]> {
	const rows = await db
		.select({
			id: items.id,
			name: items.name,
			left: sql<number>`${items.quantity} - ${items.reservedQuantity}`,
		})
		.from(items)
		.where(
			and(
				eq(items.donorId, donorId),
				eq(items.status, 'AVAILABLE'),
				isNull(items.hiddenAt),
				sql`${items.quantity} > ${items.reservedQuantity}`,
			),
		)
		.orderBy(asc(items.createdAt), asc(items.id));
	return rows.map((row) => ({ ...row, left: Number(row.left) }));
}

/** The offer and its need, the offer's row held until the transaction ends. */
async function lockedOffer(tx: Transaction, offerId: number) {
	const [offer] = Number.isSafeInteger(offerId)
		? await tx.select().from(needOffers).where(eq(needOffers.id, offerId)).for('update')
		: [];
	if (!offer) throw new AppError('NOT_FOUND');
	const [need] = await tx.select().from(needs).where(eq(needs.id, offer.needId));
	return { offer, need: need! };
}

/** `DELETE /needs/offers/{id}`: the donor takes back an offer not yet answered. */
export async function withdrawOffer(
	db: Database,
	donor: UserRow,
	offerId: number,
	now = new Date(),
) {
	await db.transaction(async (tx) => {
		const { offer } = await lockedOffer(tx, offerId);
		if (offer.donorId !== donor.id) throw new AppError('NOT_FOUND');
		if (offer.state !== 'open') throw conflict('offerAnswered');
		await tx
			.update(needOffers)
			.set({ state: 'withdrawn', decidedAt: now })
			.where(eq(needOffers.id, offer.id));
	});
}

/** The offer when the need is `owner`'s; NOT_FOUND for anyone but its donor, who may not decide. */
function ownersOffer(found: Awaited<ReturnType<typeof lockedOffer>>, owner: UserRow) {
	const { offer, need } = found;
	if (need.ownerId === owner.id) return found;
	if (offer.donorId === owner.id) throw new AppError('FORBIDDEN');
	throw new AppError('NOT_FOUND');
}

/** `POST /needs/offers/{id}/decline`: the need's owner turns an offer down; its donor is told. */
export async function declineOffer(
	db: Database,
	owner: UserRow,
	offerId: number,
	now = new Date(),
) {
	await db.transaction(async (tx) => {
		const { offer, need } = ownersOffer(await lockedOffer(tx, offerId), owner);
		if (offer.state !== 'open') throw conflict('offerAnswered');
		await tx
			.update(needOffers)
			.set({ state: 'declined', decidedAt: now })
			.where(eq(needOffers.id, offer.id));
		const [item] = await tx
			.select({ name: items.name })
			.from(items)
			.where(eq(items.id, offer.itemId));
		await notify(tx, {
			userId: offer.donorId,
			kind: 'offerDeclined',
			itemId: offer.itemId,
			data: { need: need.id, title: need.title, item: item?.name ?? '', name: owner.name ?? '' },
		});
	});
}

/**
 * `POST /needs/offers/{id}/accept`: the need's owner takes an offer. They ask for the item and
 * its donor's reservation follows at once, through the requests' own steps (so every rule of
 * asking and reserving holds: blocks, limits, what is left of the item, the reservation's time
 * and both sides' notifications); the request remembers the need, the offer its request, and
 * the donor is told. Refused anywhere, nothing changes.
 */
export async function acceptOffer(
	db: Database,
	owner: UserRow,
	offerId: number,
	{ now = new Date(), locale = 'id' as Locale } = {},
): Promise<{ requestId: number }> {
	return db.transaction(async (tx) => {
		const { offer, need } = ownersOffer(await lockedOffer(tx, offerId), owner);
		if (offer.state !== 'open') throw conflict('offerAnswered');
		refuseUnlessOpen(need);
		const [donor] = await tx.select().from(users).where(eq(users.id, offer.donorId));
		if (!donor || donor.deletionRequestedAt) throw conflict('offerGone');
		// A transaction of the database is one too: asking and reserving run as savepoints in it.
		const { request } = await askForItem(tx, owner, offer.itemId, offer.quantity, { now, locale });
		await changeRequest(tx, donor, request.id, { action: 'reserve' }, now, locale);
		await tx.update(itemRequests).set({ needId: need.id }).where(eq(itemRequests.id, request.id));
		await tx
			.update(needOffers)
			.set({ state: 'accepted', requestId: request.id, decidedAt: now })
			.where(eq(needOffers.id, offer.id));
		await notify(tx, {
			userId: offer.donorId,
			kind: 'offerAccepted',
			itemId: offer.itemId,
			requestId: request.id,
			data: { need: need.id, title: need.title, item: request.item.name, name: owner.name ?? '' },
		});
		return { requestId: request.id };
	});
}
