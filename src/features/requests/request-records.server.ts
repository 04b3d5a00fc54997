// The request reads (request-views.server.ts), built and prepared with Drizzle but run with the
// prepared statement's `all`, which both drivers answer with their own rows, unmapped.
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { choosingLimits, reliabilityLimits } from '~/config/limits';
import { preparedStatements, unmappedRows } from '~/server/db/prepared';
import {
	itemImages,
	itemRequests,
	items,
	noShowDisputes,
	userBlocks,
	users,
} from '~/server/db/schema';
import { noShowStands } from './no-shows.server';

const donors = alias(users, 'donors');
const receivers = alias(users, 'receivers');

const as = (column: AnyPgColumn, name: string) => sql`${column}`.as(name);

/** The request's own columns, by their names in the database. */
const requestColumns = {
	id: itemRequests.id,
	itemId: itemRequests.itemId,
	donorId: itemRequests.donorId,
	receiverId: itemRequests.receiverId,
	quantity: itemRequests.quantity,
	state: itemRequests.state,
	method: itemRequests.method,
	givenQuantity: itemRequests.givenQuantity,
	countsForImpact: itemRequests.countsForImpact,
	declineReason: itemRequests.declineReason,
	disputes: itemRequests.disputes,
	reservedUntil: itemRequests.reservedUntil,
	seenByDonorAt: itemRequests.seenByDonorAt,
	createdAt: itemRequests.createdAt,
	updatedAt: itemRequests.updatedAt,
	handedOverAt: itemRequests.handedOverAt,
	confirmedAt: itemRequests.confirmedAt,
	closedAt: itemRequests.closedAt,
	// A dispute of the request's no-show: its decision, or `pending` until there is one.
	noShowDispute: sql`(
		select coalesce(${noShowDisputes.decision}, 'pending') from ${noShowDisputes}
		where ${noShowDisputes.requestId} = ${itemRequests.id})`.as('no_show_dispute'),
	pickupFrom: itemRequests.pickupFrom,
	pickupUntil: itemRequests.pickupUntil,
	pickupPlace: itemRequests.pickupPlace,
	// A block either way hides both phones; each side's button unblocks only its own block.
	receiverBlocked: sql`exists (
		select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${itemRequests.donorId}
			and ${userBlocks.blockedId} = ${itemRequests.receiverId})`.as('receiver_blocked'),
	donorBlocked: sql`exists (
		select 1 from ${userBlocks} where ${userBlocks.blockerId} = ${itemRequests.receiverId}
			and ${userBlocks.blockedId} = ${itemRequests.donorId})`.as('donor_blocked'),
	itemName: as(items.name, 'item_name'),
	itemStatus: as(items.status, 'item_status'),
	itemQuantity: as(items.quantity, 'item_quantity'),
	itemReservedQuantity: as(items.reservedQuantity, 'item_reserved_quantity'),
	itemChooseAt: as(items.chooseAt, 'item_choose_at'),
	cover: sql`(
		select json_build_object('key', ${itemImages.key}, 'widths', ${itemImages.widths})
		from ${itemImages} where ${itemImages.itemId} = ${itemRequests.itemId}
		order by ${itemImages.position} limit 1)`.as('cover'),
};

/** The donor, whom the receiver sees. */
const donorColumns = {
	donorName: as(donors.name, 'donor_name'),
	donorAvatarKey: as(donors.avatarKey, 'donor_avatar_key'),
	donorPhone: as(donors.phone, 'donor_phone'),
};

/** The start of the record's window and of the last 14 days' hand-overs, as the caller's clock says. */
const recordSince = sql`${sql.placeholder('recordSince')}::timestamptz`;
const receivedSince = sql`${sql.placeholder('receivedSince')}::timestamptz`;

/**
 * The receiver with their record of collecting over the last 90 days and the hand-overs they
 * received in the last 14 (docs/product-rules.md#choosing), whom the donor sees.
 */
const receiverColumns = {
	receiverName: as(receivers.name, 'receiver_name'),
	receiverAvatarKey: as(receivers.avatarKey, 'receiver_avatar_key'),
	receiverPhone: as(receivers.phone, 'receiver_phone'),
	pickupsCompleted: sql`(
		select count(*)::int from ${itemRequests} as past
		where past.receiver_id = ${itemRequests.receiverId}
			and past.state in ('handedOver', 'confirmed')
			and past.handed_over_at > ${recordSince})`.as('pickups_completed'),
	noShows: sql`(
		select count(*)::int from ${itemRequests} as past
		where past.receiver_id = ${itemRequests.receiverId}
			and (past.state = 'expired' or (past.state = 'declined' and past.decline_reason = 'noShow'))
			and past.closed_at > ${recordSince}
			and ${noShowStands(sql`past.id`)})`.as('no_shows'),
	recentlyReceived: sql`(
		select count(*)::int from ${itemRequests} as past
		where past.receiver_id = ${itemRequests.receiverId}
			and past.state in ('handedOver', 'confirmed')
			and past.handed_over_at > ${receivedSince})`.as('recently_received'),
};

/** The values of the receiver's record's windows, as of `now`. */
export function recordWindows(now: Date) {
	return {
		recordSince: new Date(now.getTime() - reliabilityLimits.recordWindowMs).toISOString(),
		receivedSince: new Date(now.getTime() - choosingLimits.receivedWindowMs).toISOString(),
	};
}

/**
 * A row of the selections below as the driver returns it, columns by their names in the
 * database: the request lists skip Drizzle's mapping of each value, as the item reads do
 * (decision 011). Each side's list reads only the person it shows, and only the donor's list
 * counts the receiver's record of collecting.
 */
export interface RequestRecord {
	/** Bigints: strings from postgres.js. */
	id: number | string;
	item_id: number | string;
	donor_id: string;
	receiver_id: string;
	quantity: number;
	state: string;
	method: string;
	given_quantity: number | null;
	counts_for_impact: boolean;
	decline_reason: string | null;
	disputes: number;
	/** Timestamps as PostgreSQL writes them (`2026-11-23 18:00:38.595+00`). */
	reserved_until: string | null;
	seen_by_donor_at: string | null;
	created_at: string;
	updated_at: string;
	handed_over_at: string | null;
	confirmed_at: string | null;
	closed_at: string | null;
	/** `pending`, `upheld` or `struck` once the request's no-show was disputed. */
	no_show_dispute: string | null;
	pickup_from: string | null;
	pickup_until: string | null;
	pickup_place: string | null;
	/** The donor blocked the receiver. */
	receiver_blocked: boolean;
	donor_blocked: boolean;
	item_name: string;
	item_status: string;
	item_quantity: number;
	item_reserved_quantity: number;
	/** When the donor may choose, for an item whose donor waits. */
	item_choose_at: string | null;
	/** JSON, parsed by the driver or text to parse. */
	cover: { key: string; widths: number[] } | string | null;
	donor_name?: string | null;
	donor_avatar_key?: string | null;
	donor_phone?: string | null;
	receiver_name?: string | null;
	receiver_avatar_key?: string | null;
	receiver_phone?: string | null;
	pickups_completed?: number;
	no_shows?: number;
	recently_received?: number;
	/** The donor's list: the item's donor, on every row. */
	item_donor_id?: string;
}

const donorJoin = eq(donors.id, itemRequests.donorId);
const receiverJoin = eq(receivers.id, itemRequests.receiverId);
const forDonor = sql`case ${itemRequests.state} when 'handedOver' then 0 when 'reserved' then 1 when 'open' then 2 else 3 end`;

/** The request reads, prepared once per database. */
export const reads = preparedStatements((db) => ({
	byId: db
		.select({ ...requestColumns, ...donorColumns, ...receiverColumns })
		.from(itemRequests)
		.innerJoin(items, eq(items.id, itemRequests.itemId))
		.innerJoin(donors, donorJoin)
		.innerJoin(receivers, receiverJoin)
		.where(eq(itemRequests.id, sql.placeholder('id')))
		.prepare('request_by_id'),
	receiverList: db
		.select({ ...requestColumns, ...donorColumns })
		.from(itemRequests)
		.innerJoin(items, eq(items.id, itemRequests.itemId))
		.innerJoin(donors, donorJoin)
		.where(eq(itemRequests.receiverId, sql.placeholder('receiverId')))
		.orderBy(desc(itemRequests.updatedAt), desc(itemRequests.id))
		.prepare('receiver_requests'),
	receiverItemList: db
		.select({ ...requestColumns, ...donorColumns })
		.from(itemRequests)
		.innerJoin(items, eq(items.id, itemRequests.itemId))
		.innerJoin(donors, donorJoin)
		.where(
			and(
				eq(itemRequests.receiverId, sql.placeholder('receiverId')),
				eq(itemRequests.itemId, sql.placeholder('itemId')),
			),
		)
		.orderBy(desc(itemRequests.updatedAt), desc(itemRequests.id))
		.prepare('receiver_item_requests'),
	// The donor's list in one statement: the item's donor, for the owner check, beside the
	// requests, read only for that donor.
	donorList: db
		.select({
			...requestColumns,
			...receiverColumns,
			itemDonorId: as(items.donorId, 'item_donor_id'),
		})
		.from(items)
		.leftJoin(
			itemRequests,
			and(eq(itemRequests.itemId, items.id), eq(items.donorId, sql.placeholder('donorId'))),
		)
		.leftJoin(receivers, receiverJoin)
		.where(eq(items.id, sql.placeholder('itemId')))
		.orderBy(forDonor, itemRequests.createdAt, itemRequests.id)
		.prepare('item_requests_for_donor'),
}));

/** The raw rows of a prepared request read; see `RequestRecord`. */
export function requestRecords(
	statement: object,
	values: Record<string, unknown>,
): Promise<RequestRecord[]> {
	return unmappedRows<RequestRecord>(statement, values);
}
