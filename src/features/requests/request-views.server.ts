import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { requestLimits } from '~/config/limits';
import { photoFiles } from '~/features/items/photos.server';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { jsonValue } from '~/server/db/rows';
import { itemImages, itemRequests, items, users } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { mediaUrl } from '~/server/storage';
import {
	actionsFor,
	activeRequestStates,
	type ItemRequest,
	type RequestActor,
	type RequestState,
} from './requests';

const donors = alias(users, 'donors');
const receivers = alias(users, 'receivers');

/** The receiver's record of collecting: a column per figure, over all their requests. */
const receiverFigures = {
	pickupsCompleted: sql<number>`(
		select count(*)::int from ${itemRequests} as past
		where past.receiver_id = ${itemRequests.receiverId}
			and past.state in ('handedOver', 'confirmed'))`,
	noShows: sql<number>`(
		select count(*)::int from ${itemRequests} as past
		where past.receiver_id = ${itemRequests.receiverId}
			and (past.state = 'expired' or (past.state = 'declined' and past.decline_reason = 'noShow')))`,
};

const cover = sql<{ key: string; widths: number[] } | null>`(
	select json_build_object('key', ${itemImages.key}, 'widths', ${itemImages.widths})
	from ${itemImages} where ${itemImages.itemId} = ${itemRequests.itemId}
	order by ${itemImages.position} limit 1)`;

function selectRequests(db: Database) {
	return db
		.select({
			request: itemRequests,
			item: {
				name: items.name,
				status: items.status,
				quantity: items.quantity,
				reservedQuantity: items.reservedQuantity,
			},
			cover,
			donor: {
				id: donors.id,
				name: donors.name,
				avatarKey: donors.avatarKey,
				phone: donors.phone,
			},
			receiver: {
				id: receivers.id,
				name: receivers.name,
				avatarKey: receivers.avatarKey,
				phone: receivers.phone,
			},
			...receiverFigures,
		})
		.from(itemRequests)
		.innerJoin(items, eq(items.id, itemRequests.itemId))
		.innerJoin(donors, eq(donors.id, itemRequests.donorId))
		.innerJoin(receivers, eq(receivers.id, itemRequests.receiverId));
}

type RequestRecord = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];

const isActive = (state: string) => (activeRequestStates as readonly string[]).includes(state);

/** The request as `viewer` sees it: the other person, and the actions open to the viewer now. */
function requestView(record: RequestRecord, viewer: RequestActor, now: Date): ItemRequest {
	const { request } = record;
	const state = request.state as RequestState;
	const confirmBy = request.handedOverAt
		? new Date(request.handedOverAt.getTime() + requestLimits.confirmWithinMs)
		: null;
	const confirmable = confirmBy !== null && now < confirmBy;
	const coverPhoto = record.cover === null ? null : jsonValue(record.cover);
	const photo = coverPhoto
		? mediaUrl(photoFiles({ key: coverPhoto.key, widths: [Math.min(...coverPhoto.widths)] })[0]!)
		: null;
	// The donor sees the phone of whoever asks them; a receiver sees the donor's once the donor
	// chose them (reserved or handed over): an open request gives no phone that the item page,
	// with its limit on revealed phones, would not.
	const phoneShown =
		viewer === 'donor' ? isActive(state) : state === 'reserved' || state === 'handedOver';
	const person = (who: typeof record.donor) => ({
		id: who.id,
		name: who.name ?? '',
		avatar: mediaUrl(who.avatarKey),
		...(phoneShown && who.phone ? { phone: who.phone } : {}),
	});
	return {
		id: request.id,
		itemId: request.itemId,
		state,
		method: request.method === 'courier' ? 'courier' : 'pickup',
		quantity: request.quantity,
		givenQuantity: request.givenQuantity,
		declineReason: request.declineReason,
		disputes: request.disputes,
		reservedUntil: request.reservedUntil?.toISOString() ?? null,
		createdAt: request.createdAt.toISOString(),
		updatedAt: request.updatedAt.toISOString(),
		handedOverAt: request.handedOverAt?.toISOString() ?? null,
		confirmedAt: request.confirmedAt?.toISOString() ?? null,
		confirmBy: confirmBy?.toISOString() ?? null,
		countsForImpact: request.countsForImpact,
		item: {
			id: request.itemId,
			name: record.item.name,
			status: record.item.status,
			photo,
			quantity: record.item.quantity,
			reservedQuantity: record.item.reservedQuantity,
		},
		...(viewer === 'receiver'
			? { donor: person(record.donor) }
			: {
					receiver: {
						...person(record.receiver),
						pickupsCompleted: Number(record.pickupsCompleted),
						noShows: Number(record.noShows),
					},
					isNew: request.seenByDonorAt === null && isActive(state),
				}),
		actions: actionsFor(state, viewer).filter(
			(action) => (action !== 'confirm' && action !== 'dispute') || confirmable,
		),
	};
}

/** One request as the one of its two people who asks sees it; NOT_FOUND for anyone else. */
export async function findRequest(
	db: Database,
	userId: string,
	requestId: number,
	now = new Date(),
): Promise<ItemRequest> {
	const [record] = Number.isSafeInteger(requestId)
		? await selectRequests(db).where(eq(itemRequests.id, requestId))
		: [];
	if (!record) throw new AppError('NOT_FOUND');
	if (record.request.receiverId === userId) return requestView(record, 'receiver', now);
	if (record.request.donorId === userId) return requestView(record, 'donor', now);
	throw new AppError('NOT_FOUND');
}

/** `GET /requests/mine`: the receiver's requests, newest first, for one item or all. */
export async function myRequests(
	db: Database,
	userId: string,
	itemId?: number,
	now = new Date(),
): Promise<ItemRequest[]> {
	const conditions: SQL[] = [eq(itemRequests.receiverId, userId)];
	if (itemId !== undefined) conditions.push(eq(itemRequests.itemId, itemId));
	const records = await selectRequests(db)
		.where(and(...conditions))
		.orderBy(desc(itemRequests.updatedAt), desc(itemRequests.id));
	return records.map((record) => requestView(record, 'receiver', now));
}

/**
 * `GET /items/{id}/requests`: the requests for the donor's item, those in progress first, and
 * marks them seen: they are no longer new the next time.
 */
export async function itemRequestsForDonor(
	db: Database,
	donor: UserRow,
	itemId: number,
	now = new Date(),
): Promise<ItemRequest[]> {
	const [item] = Number.isSafeInteger(itemId)
		? await db.select({ donorId: items.donorId }).from(items).where(eq(items.id, itemId))
		: [];
	if (!item) throw new AppError('NOT_FOUND');
	if (item.donorId !== donor.id) throw new AppError('FORBIDDEN');
	const records = await selectRequests(db)
		.where(eq(itemRequests.itemId, itemId))
		.orderBy(
			sql`case ${itemRequests.state} when 'handedOver' then 0 when 'reserved' then 1 when 'open' then 2 else 3 end`,
			itemRequests.createdAt,
			itemRequests.id,
		);
	await db
		.update(itemRequests)
		.set({ seenByDonorAt: now })
		.where(and(eq(itemRequests.itemId, itemId), isNull(itemRequests.seenByDonorAt)));
	return records.map((record) => requestView(record, 'donor', now));
}
