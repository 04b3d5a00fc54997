import { sql } from 'drizzle-orm';
import { choosingLimits, reliabilityLimits, requestLimits } from '~/config/limits';
import { formatDate } from '~/lib/format';
import type { Locale } from '~/lib/i18n/locales';
import { isProfileComplete } from '~/lib/profile-completeness';
import type { UserRow } from '~/server/auth/users';
import type { Database } from '~/server/db/client';
import { sqlStatement, unmappedRows } from '~/server/db/prepared';
import { AppError } from '~/server/http/errors';
import { notify } from '~/features/notifications/notifications.server';
import {
	countedTowardsReceived,
	receivedLimitError,
	receivedRecord,
} from './received-limit.server';
import { noShowStands } from './no-shows.server';
import { type RequestRecord, requestRecords } from './request-records.server';
import { receiverTurnPrefix } from './receiver-turn.server';
import { requestView } from './request-views.server';
import type { ItemRequest } from './requests';

const itemId = sql.placeholder('itemId');
const receiverId = sql.placeholder('receiverId');
const quantity = sql.placeholder('quantity');
/** Written into the statement, as the SQL it is prepared from never changes. */
const turnKeyPrefix = sql.raw(`'${receiverTurnPrefix}'`);

const seconds = (ms: number) => sql.raw(`interval '${ms / 1000} seconds'`);
const now = sql`${sql.placeholder('now')}::timestamptz`;

/**
 * The receiver's no-shows (reservations that expired, or declined because they never came; not
 * those a moderator struck) over
 * the last window and the one before it, each with the time of the no-show two before it: where
 * that one is within the window too, it made `limitAtNoShows` and starts the limit.
 */
const noShows = sql`select closed_at as at,
		lag(closed_at, ${sql.raw(String(reliabilityLimits.limitAtNoShows - 1))}) over (order by closed_at) as earlier
	from item_requests
	where receiver_id = ${receiverId}::text
		and (state = 'expired' or (state = 'declined' and decline_reason = 'noShow'))
		and ${noShowStands(sql`item_requests.id`)}
		and closed_at > ${now} - ${seconds(reliabilityLimits.recordWindowMs + reliabilityLimits.limitMs)}
		and closed_at <= ${now}`;

/**
 * The receiver's turn, then the item's row, both held until the transaction ends. Every change
 * of an item's requests locks its row first, so what `ask` reads next stays as it reads it; a
 * receiver's asks take turns so that two at once cannot both pass the limit of requests held.
 * The turn is the one courier orders take too (`takeReceiverTurn`).
 */
const takeTurn = sqlStatement(
	'asking_turn',
	sql`select items.id from items
	cross join lateral (
		select pg_advisory_xact_lock(hashtextextended(${turnKeyPrefix} || ${receiverId}::text, 0))
	) as receiver_turn
	where items.id = ${itemId}::bigint
	for update of items`,
);

/**
 * Asking as one statement, run once the turn is taken (so its snapshot is taken after the locks
 * and sees every change made before them): the `verdict` in the order askForItem's rules go, then
 * the write it allows (a new request, or the open one's new quantity) and the request as its
 * receiver sees it, built from what the write returned.
 */
const ask = sqlStatement(
	'ask_for_item',
	sql`with item as (
		select id, donor_id, name, status, quantity, reserved_quantity, hidden_at, choose_at from items
		where id = ${itemId}::bigint
	), current as (
		select * from item_requests
		where item_id = ${itemId}::bigint and receiver_id = ${receiverId}::text
			and state in ('open', 'reserved', 'handedOver')
	), no_shows as (${noShows}
	), record as (
		select count(*) filter (
				where at > ${now} - ${seconds(reliabilityLimits.recordWindowMs)})::int as no_shows,
			max(at) filter (
				where earlier > at - ${seconds(reliabilityLimits.recordWindowMs)}
			) + ${seconds(reliabilityLimits.limitMs)} as limited_until
		from no_shows
	), verdict as (
		select current.id as request_id, record.no_shows, record.limited_until, case
			when item.donor_id = ${receiverId}::text then 'ownItem'
			when exists (select 1 from user_blocks where blocker_id = item.donor_id
				and blocked_id = ${receiverId}::text) then 'blocked'
			when exists (select 1 from user_blocks where blocker_id = ${receiverId}::text
				and blocked_id = item.donor_id) then 'youBlocked'
			when current.state in ('reserved', 'handedOver') or current.method = 'courier'
				then 'inProgress'
			when item.status not in ('AVAILABLE', 'RESERVED') or item.hidden_at is not null
				then 'notAvailable'
			when ${quantity}::int > case item.status
				when 'AVAILABLE' then item.quantity - item.reserved_quantity
				else item.quantity end then 'overAvailable'
			when current.quantity = ${quantity}::int then 'unchanged'
			when current.id is not null then 'changed'
			when ${countedTowardsReceived(sql`${receiverId}::text`, now)}
				>= ${choosingLimits.receivedPerWindow} then 'receivedLimit'
			when (select count(*) from item_requests
				where receiver_id = ${receiverId}::text and state in ('open', 'reserved'))
				>= ${requestLimits.activePerReceiver} then 'limit'
			when record.limited_until > ${now} and (select count(*) from item_requests
				where receiver_id = ${receiverId}::text and state in ('open', 'reserved'))
				>= ${reliabilityLimits.limitedOpenRequests} then 'noShowLimit'
			else 'created' end as outcome
		from item cross join record left join current on true
	), created as (
		insert into item_requests (item_id, donor_id, receiver_id, quantity, created_at, updated_at)
		select item.id, item.donor_id, ${receiverId}::text, ${quantity}::int,
			${sql.placeholder('now')}::timestamptz, ${sql.placeholder('now')}::timestamptz
		from item, verdict where verdict.outcome = 'created'
		returning *
	), changed as (
		update item_requests set quantity = ${quantity}::int, seen_by_donor_at = null,
			updated_at = ${sql.placeholder('now')}::timestamptz
		from verdict
		where verdict.outcome = 'changed' and item_requests.id = verdict.request_id
		returning item_requests.*
	), request as (
		select * from created
		union all select * from changed
		union all select current.* from current, verdict
			where verdict.outcome in ('inProgress', 'unchanged')
	)
	select verdict.outcome, verdict.no_shows, verdict.limited_until, request.id, request.item_id, request.donor_id, request.receiver_id,
		request.quantity, request.state, request.method, request.given_quantity,
		request.counts_for_impact, request.decline_reason, request.disputes, request.reserved_until,
		request.seen_by_donor_at, request.created_at, request.updated_at, request.handed_over_at,
		request.confirmed_at, request.closed_at, null as no_show_dispute,
		request.pickup_from, request.pickup_until, request.pickup_place,
		false as receiver_blocked, false as donor_blocked,
		item.name as item_name, item.status as item_status,
		item.quantity as item_quantity, item.reserved_quantity as item_reserved_quantity,
		item.choose_at as item_choose_at, (
			select json_build_object('key', item_images.key, 'widths', item_images.widths)
			from item_images where item_images.item_id = request.item_id
			order by item_images.position limit 1) as cover,
		donors.name as donor_name, donors.avatar_key as donor_avatar_key, donors.phone as donor_phone
	from verdict cross join item
	left join request on true
	left join users donors on donors.id = request.donor_id`,
);

/** A row of `ask`: the verdict beside the request it leaves (none when refused). */
type Asked = RequestRecord & {
	outcome: string;
	/** The receiver's no-shows within the window. */
	no_shows: number;
	/** Until when they may hold only one open request, as PostgreSQL writes it; null when free. */
	limited_until: string | null;
};

const conflict = (key: string) =>
	new AppError('REQUEST_CONFLICT', undefined, undefined, { key: `requests.errors.${key}` });

/** Why asking was refused, by the verdict that refused it. */
const refusals: Record<string, () => AppError> = {
	ownItem: () => conflict('ownItem'),
	blocked: () => new AppError('BLOCKED'),
	youBlocked: () =>
		new AppError('BLOCKED', undefined, undefined, { key: 'blocks.errors.youBlocked' }),
	notAvailable: () => conflict('notAvailable'),
	overAvailable: () =>
		new AppError('VALIDATION_ERROR', { quantity: 'requests.errors.quantityOverAvailable' }),
	limit: () =>
		new AppError('REQUEST_LIMIT', undefined, undefined, {
			key: 'requests.errors.tooManyOpen',
			values: { count: requestLimits.activePerReceiver },
		}),
};

/** The refusal of a receiver limited after their no-shows, naming the limit and when it lifts. */
function noShowLimit(limitedUntil: string, now: Date, locale: Locale): AppError {
	const until = Date.parse(limitedUntil.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00'));
	return new AppError('REQUEST_LIMIT', undefined, Math.ceil((until - now.getTime()) / 1000), {
		key: 'requests.errors.noShowLimit',
		values: {
			count: reliabilityLimits.limitedOpenRequests,
			noShows: reliabilityLimits.limitAtNoShows,
			date: formatDate(until, locale),
		},
	});
}

/**
 * `POST /items/{id}/requests`: a receiver asks for `quantity` of an item. Asking again while the
 * request is open updates its quantity; a request already reserved or handed over, or one sent by
 * courier (it changes only through its order), is returned as it is. New requests are taken for
 * AVAILABLE items and, as a waiting list, for RESERVED ones.
 * Answers the request as its receiver sees it, whether it is new, and the receiver's no-shows
 * within the window (to warn them before the limit). `countHitWithin` counts
 * the caller's write limit in the same transaction; refusing, it rolls it back.
 */
export async function askForItem(
	db: Database,
	receiver: UserRow,
	id: number,
	asked: number,
	{
		countHitWithin,
		now = new Date(),
		locale = 'id',
	}: {
		countHitWithin?: ((transaction: Database) => Promise<void>) | undefined;
		now?: Date;
		/** The caller's language, for the date a limit lifts. */
		locale?: Locale;
	} = {},
): Promise<{ request: ItemRequest; created: boolean; noShows: number }> {
	if (!isProfileComplete(receiver)) throw new AppError('FORBIDDEN');
	if (!Number.isSafeInteger(id)) throw new AppError('NOT_FOUND');
	const values = { itemId: id, receiverId: receiver.id, quantity: asked, now: now.toISOString() };
	const record = await db.transaction(async (tx) => {
		// Sent together: the database runs the second once the first holds its locks (and, should
		// the first fail, refuses the second as part of a failed transaction). The write limit's
		// count goes last, after the receiver's turn, so it waits for no other lock.
		const [, [answer]] = await Promise.all([
			requestRecords(takeTurn(tx), values),
			unmappedRows<Asked>(ask(tx), values),
			countHitWithin?.(tx),
		]);
		// Told through notify(), as every notification is, once the verdict says what changed.
		if (answer?.outcome === 'created' || answer?.outcome === 'changed') {
			await notify(tx, {
				userId: answer.donor_id,
				kind: answer.outcome === 'created' ? 'requestCreated' : 'requestUpdated',
				itemId: id,
				requestId: Number(answer.id),
				data: { item: answer.item_name, name: receiver.name ?? '', count: asked },
			});
		}
		// At the limit of hand-overs received: when it lifts, read under the same turn.
		const received =
			answer?.outcome === 'receivedLimit' ? await receivedRecord(tx, receiver.id, now) : null;
		return answer && { ...answer, liftsAt: received?.liftsAt ?? null };
	});
	if (!record) throw new AppError('NOT_FOUND');
	if (record.outcome === 'receivedLimit') {
		throw receivedLimitError('receiver', record.liftsAt, now, locale);
	}
	if (record.outcome === 'noShowLimit') throw noShowLimit(record.limited_until!, now, locale);
	const refusal = refusals[record.outcome];
	if (refusal) throw refusal();
	return {
		request: requestView(record, 'receiver', now),
		created: record.outcome === 'created',
		noShows: Number(record.no_shows),
	};
}
