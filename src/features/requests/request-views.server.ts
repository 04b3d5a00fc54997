import { and, eq, isNull } from 'drizzle-orm';
import { requestLimits } from '~/config/limits';
import { photoFiles } from '~/features/items/photos.server';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { isoTimestamp, jsonValue } from '~/server/db/rows';
import { itemRequests } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import { mediaUrl } from '~/server/storage';
import { noShowDisputeState } from './no-show-disputes';
import { type RequestRecord, reads, recordWindows, requestRecords } from './request-records.server';
import {
	activeRequestStates,
	type ItemRequest,
	type RequestActor,
	requestActionsFor,
	type RequestState,
} from './requests';

const isActive = (state: string) => (activeRequestStates as readonly string[]).includes(state);

const isoOrNull = (text: string | null) => (text === null ? null : isoTimestamp(text));

/** The request as `viewer` sees it: the other person, and the actions open to the viewer now. */
export function requestView(record: RequestRecord, viewer: RequestActor, now: Date): ItemRequest {
	const state = record.state as RequestState;
	const handedOverAt = isoOrNull(record.handed_over_at);
	const confirmBy = handedOverAt
		? new Date(Date.parse(handedOverAt) + requestLimits.confirmWithinMs)
		: null;
	const confirmable = confirmBy !== null && now < confirmBy;
	const coverPhoto = record.cover === null ? null : jsonValue(record.cover);
	const photo = coverPhoto
		? mediaUrl(photoFiles({ key: coverPhoto.key, widths: [Math.min(...coverPhoto.widths)] })[0]!)
		: null;
	// The donor sees the phone of whoever asks them; a receiver sees the donor's once the donor
	// chose them (reserved or handed over): an open request gives no phone that the item page,
	// with its limit on revealed phones, would not. A block, either way, hides both.
	const blocked = Boolean(record.receiver_blocked) || Boolean(record.donor_blocked);
	const phoneShown =
		!blocked &&
		(viewer === 'donor' ? isActive(state) : state === 'reserved' || state === 'handedOver');
	const person = (
		id: string,
		name?: string | null,
		avatarKey?: string | null,
		phone?: string | null,
	) => ({
		id,
		name: name ?? '',
		avatar: mediaUrl(avatarKey ?? null),
		...(phoneShown && phone ? { phone } : {}),
	});
	const itemId = Number(record.item_id);
	return {
		id: Number(record.id),
		itemId,
		state,
		method: record.method === 'courier' ? 'courier' : 'pickup',
		quantity: record.quantity,
		givenQuantity: record.given_quantity,
		declineReason: record.decline_reason,
		disputes: record.disputes,
		reservedUntil: isoOrNull(record.reserved_until),
		createdAt: isoTimestamp(record.created_at),
		updatedAt: isoTimestamp(record.updated_at),
		handedOverAt,
		confirmedAt: isoOrNull(record.confirmed_at),
		confirmBy: confirmBy?.toISOString() ?? null,
		countsForImpact: record.counts_for_impact,
		noShowDispute: noShowDisputeState(
			{
				state,
				declineReason: record.decline_reason,
				closedAt: isoOrNull(record.closed_at),
				dispute: record.no_show_dispute,
			},
			viewer,
			now,
		),
		pickup:
			state === 'reserved' && record.pickup_from !== null && record.pickup_until !== null
				? {
						from: isoTimestamp(record.pickup_from),
						until: isoTimestamp(record.pickup_until),
						place: record.pickup_place,
					}
				: null,
		item: {
			id: itemId,
			name: record.item_name,
			status: record.item_status,
			photo,
			quantity: record.item_quantity,
			reservedQuantity: record.item_reserved_quantity,
			chooseAt: isoOrNull(record.item_choose_at),
		},
		...(viewer === 'receiver'
			? {
					donor: {
						...person(
							record.donor_id,
							record.donor_name,
							record.donor_avatar_key,
							record.donor_phone,
						),
						blocked: Boolean(record.donor_blocked),
					},
				}
			: {
					receiver: {
						...person(
							record.receiver_id,
							record.receiver_name,
							record.receiver_avatar_key,
							record.receiver_phone,
						),
						pickupsCompleted: Number(record.pickups_completed),
						blocked: Boolean(record.receiver_blocked),
						noShows: Number(record.no_shows),
						recentlyReceived: Number(record.recently_received),
					},
					isNew: record.seen_by_donor_at === null && isActive(state),
				}),
		actions: requestActionsFor(
			state,
			viewer,
			record.method === 'courier' ? 'courier' : 'pickup',
		).filter((action) => (action !== 'confirm' && action !== 'dispute') || confirmable),
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
		? await requestRecords(reads(db).byId, { id: requestId, ...recordWindows(now) })
		: [];
	if (!record) throw new AppError('NOT_FOUND');
	if (record.receiver_id === userId) return requestView(record, 'receiver', now);
	if (record.donor_id === userId) return requestView(record, 'donor', now);
	throw new AppError('NOT_FOUND');
}

/** `GET /requests/mine`: the receiver's requests, newest first, for one item or all. */
export async function myRequests(
	db: Database,
	userId: string,
	itemId?: number,
	now = new Date(),
): Promise<ItemRequest[]> {
	const records =
		itemId === undefined
			? await requestRecords(reads(db).receiverList, { receiverId: userId })
			: await requestRecords(reads(db).receiverItemList, { receiverId: userId, itemId });
	return records.map((record) => requestView(record, 'receiver', now));
}

/**
 * `GET /items/{id}/requests`: the requests for the donor's item, those in progress first, and
 * marks them seen: they are no longer new the next time. The owner check and the list are one
 * statement (request-records.server.ts).
 */
export async function itemRequestsForDonor(
	db: Database,
	donor: UserRow,
	itemId: number,
	now = new Date(),
): Promise<ItemRequest[]> {
	const rows = Number.isSafeInteger(itemId)
		? await requestRecords(reads(db).donorList, {
				itemId,
				donorId: donor.id,
				...recordWindows(now),
			})
		: [];
	const [first] = rows;
	if (!first) throw new AppError('NOT_FOUND');
	if (first.item_donor_id !== donor.id) throw new AppError('FORBIDDEN');
	// An item without requests is one row holding only its donor.
	const records = rows.filter((record) => (record.id as RequestRecord['id'] | null) !== null);
	// With every request seen already, marking them would change nothing: skip the write.
	if (records.some((record) => record.seen_by_donor_at === null)) {
		await db
			.update(itemRequests)
			.set({ seenByDonorAt: now })
			.where(and(eq(itemRequests.itemId, itemId), isNull(itemRequests.seenByDonorAt)));
	}
	return records.map((record) => requestView(record, 'donor', now));
}
