// The SQL the server sends for asking for an item (src/features/requests/asking.server.ts) and for
// the request lists (request-records.server.ts), copied from the statements the server sends, so
// the bare run sends the very same ones (tests/unit/bench-requests.test.ts logs the server's own code
// to check that they still are). All are prepared, as the server prepares them, but for the
// marking of requests seen.
//
// Asking for an item is one transaction of two statements sent together: the receiver's turn and
// the item's row locked, then one statement that checks, writes the request and answers it as its
// receiver sees it; then, when it was written, the donor's notification, as notify() writes every
// one. The donor's list is one statement, the owner check beside the list, then the requests
// marked seen when one is new.

// What the request lists show of a request (request-records.server.ts): its columns, whether the
// donor blocked the receiver and the receiver the donor, its item and cover photo, then the
// person the viewer sees, aliased so rows come back by name.
const shownColumns =
	'"id", "item_id", "donor_id", "receiver_id", "quantity", "state", "method", "given_quantity", ' +
	'"counts_for_impact", "decline_reason", "disputes", "reserved_until", "seen_by_donor_at", ' +
	'"created_at", "updated_at", "handed_over_at", "confirmed_at", "closed_at"';
const requestSelection =
	`select ${shownColumns
		.split(', ')
		.map((column) => `"item_requests".${column}`)
		.join(', ')}, (\n` +
	'\t\tselect coalesce("no_show_disputes"."decision", \'pending\') from "no_show_disputes"\n' +
	'\t\twhere "no_show_disputes"."request_id" = "item_requests"."id") as "no_show_dispute", "item_requests"."pickup_from", "item_requests"."pickup_until", "item_requests"."pickup_place", exists (\n' +
	'\t\tselect 1 from "user_blocks" where "user_blocks"."blocker_id" = "item_requests"."donor_id"\n' +
	'\t\t\tand "user_blocks"."blocked_id" = "item_requests"."receiver_id") as "receiver_blocked", exists (\n' +
	'\t\tselect 1 from "user_blocks" where "user_blocks"."blocker_id" = "item_requests"."receiver_id"\n' +
	'\t\t\tand "user_blocks"."blocked_id" = "item_requests"."donor_id") as "donor_blocked", ' +
	'"items"."name" as "item_name", "items"."status" as "item_status", ' +
	'"items"."quantity" as "item_quantity", "items"."reserved_quantity" as "item_reserved_quantity", ' +
	'"items"."choose_at" as "item_choose_at", (\n' +
	'\t\tselect json_build_object(\'key\', "item_images"."key", \'widths\', "item_images"."widths")\n' +
	'\t\tfrom "item_images" where "item_images"."item_id" = "item_requests"."item_id"\n' +
	'\t\torder by "item_images"."position" limit 1) as "cover"';
// The donor, whom the receiver sees.
const donorSelection =
	', "donors"."name" as "donor_name", "donors"."avatar_key" as "donor_avatar_key", ' +
	'"donors"."phone" as "donor_phone"';
// The receiver, their record of collecting over 90 days and their hand-overs of 14, whom the
// donor sees. Parameters: the start of each window.
const receiverSelection =
	', "receivers"."name" as "receiver_name", "receivers"."avatar_key" as "receiver_avatar_key", ' +
	'"receivers"."phone" as "receiver_phone", (\n' +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand past.state in ('handedOver', 'confirmed')\n" +
	'\t\t\tand past.handed_over_at > $1::timestamptz) as "pickups_completed", (\n' +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand (past.state = 'expired' or (past.state = 'declined' and past.decline_reason = 'noShow'))\n" +
	'\t\t\tand past.closed_at > $2::timestamptz\n' +
	'\t\t\tand not exists (select 1 from "no_show_disputes"\n' +
	'\t\twhere "no_show_disputes"."request_id" = past.id and "no_show_disputes"."decision" = \'struck\')) as "no_shows", (\n' +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand past.state in ('handedOver', 'confirmed')\n" +
	'\t\t\tand past.handed_over_at > $3::timestamptz) as "recently_received"';
const fromItems =
	' from "item_requests" inner join "items" on "items"."id" = "item_requests"."item_id"';
const donorJoin = ' inner join "users" "donors" on "donors"."id" = "item_requests"."donor_id"';

export const statements = {
	// askForItem, in its transaction. Parameters: receiver, item.
	askingTurn: `select items.id from items
	cross join lateral (
		select pg_advisory_xact_lock(hashtextextended('asking:' || $1::text, 0))
	) as receiver_turn
	where items.id = $2::bigint
	for update of items`,
	// Parameters: see `askParams`.
	askForItem: `with item as (
		select id, donor_id, name, status, quantity, reserved_quantity, hidden_at, choose_at from items
		where id = $1::bigint
	), current as (
		select * from item_requests
		where item_id = $2::bigint and receiver_id = $3::text
			and state in ('open', 'reserved', 'handedOver')
	), no_shows as (select closed_at as at,
		lag(closed_at, 2) over (order by closed_at) as earlier
	from item_requests
	where receiver_id = $4::text
		and (state = 'expired' or (state = 'declined' and decline_reason = 'noShow'))
		and not exists (select 1 from "no_show_disputes"
		where "no_show_disputes"."request_id" = item_requests.id and "no_show_disputes"."decision" = 'struck')
		and closed_at > $5::timestamptz - interval '10368000 seconds'
		and closed_at <= $6::timestamptz
	), record as (
		select count(*) filter (
				where at > $7::timestamptz - interval '7776000 seconds')::int as no_shows,
			max(at) filter (
				where earlier > at - interval '7776000 seconds'
			) + interval '2592000 seconds' as limited_until
		from no_shows
	), verdict as (
		select current.id as request_id, record.no_shows, record.limited_until, case
			when item.donor_id = $8::text then 'ownItem'
			when exists (select 1 from user_blocks where blocker_id = item.donor_id
				and blocked_id = $9::text) then 'blocked'
			when exists (select 1 from user_blocks where blocker_id = $10::text
				and blocked_id = item.donor_id) then 'youBlocked'
			when current.state in ('reserved', 'handedOver') or current.method = 'courier'
				then 'inProgress'
			when item.status not in ('AVAILABLE', 'RESERVED') or item.hidden_at is not null
				then 'notAvailable'
			when $11::int > case item.status
				when 'AVAILABLE' then item.quantity - item.reserved_quantity
				else item.quantity end then 'overAvailable'
			when current.quantity = $12::int then 'unchanged'
			when current.id is not null then 'changed'
			when (select count(*) from item_requests as received
		where received.receiver_id = $13::text
			and (received.state = 'reserved' or (received.state in ('handedOver', 'confirmed')
				and received.handed_over_at > $14::timestamptz - interval '1209600 seconds')))
				>= $15 then 'receivedLimit'
			when (select count(*) from item_requests
				where receiver_id = $16::text and state in ('open', 'reserved'))
				>= $17 then 'limit'
			when record.limited_until > $18::timestamptz and (select count(*) from item_requests
				where receiver_id = $19::text and state in ('open', 'reserved'))
				>= $20 then 'noShowLimit'
			else 'created' end as outcome
		from item cross join record left join current on true
	), created as (
		insert into item_requests (item_id, donor_id, receiver_id, quantity, created_at, updated_at)
		select item.id, item.donor_id, $21::text, $22::int,
			$23::timestamptz, $24::timestamptz
		from item, verdict where verdict.outcome = 'created'
		returning *
	), changed as (
		update item_requests set quantity = $25::int, seen_by_donor_at = null,
			updated_at = $26::timestamptz
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
	// Then, for a new or changed request, the donor's notification and its push and mail in the
	// outbox (notify()). Parameters: see `tellDonorParams`.
	tellDonor: `with told as (
		insert into "notifications" (user_id, kind, item_id, request_id, data)
		values ($1, $2,
			$3::bigint, $4::bigint,
			$5::text::jsonb)
		returning id, user_id, kind
	) \n\tinsert into "notification_outbox" (notification_id, user_id, channel, due_at)
	select told.id, told.user_id, channel,
		case when channel = 'email' and told.kind in ('savedSearchMatch', 'savedSearchNeedMatch') then $6::timestamptz else now() end
	from told as told, unnest(array['push', 'email']) as channel`,
	// GET /items/{id}/requests (itemRequestsForDonor): the owner check and the list. Parameters:
	// the start of the record's 90 days and of the last 14, donor, item.
	donorList:
		`${requestSelection}${receiverSelection}, "items"."donor_id" as "item_donor_id" from ` +
		'"items" left join "item_requests" on ("item_requests"."item_id" = "items"."id" and ' +
		'"items"."donor_id" = $4) left join "users" "receivers" on "receivers"."id" = ' +
		'"item_requests"."receiver_id" where "items"."id" = $5 order by case ' +
		`"item_requests"."state" when 'handedOver' then 0 when 'reserved' then 1 when 'open' then 2 ` +
		'else 3 end, "item_requests"."created_at", "item_requests"."id"',
	// Then, when one of them was not seen yet: marked seen.
	markSeen:
		'update "item_requests" set "seen_by_donor_at" = $1 where ("item_requests"."item_id" = $2 ' +
		'and "item_requests"."seen_by_donor_at" is null)',
	// GET /requests/mine (myRequests).
	receiverRequests:
		`${requestSelection}${donorSelection}${fromItems}${donorJoin} ` +
		'where "item_requests"."receiver_id" = $1 order by ' +
		'"item_requests"."updated_at" desc, "item_requests"."id" desc',
};

/**
 * askForItem's parameters in the order its statement numbers them (Drizzle numbers each use of a
 * value anew).
 * @param {{ itemId: number, receiverId: string, quantity: number, now: string,
 *   receivedAtMost: number, heldAtMost: number, heldAfterNoShows: number }} values
 */
export const askParams = ({
	itemId,
	receiverId,
	quantity,
	now,
	receivedAtMost,
	heldAtMost,
	heldAfterNoShows,
}) => [
	itemId,
	itemId,
	receiverId,
	receiverId,
	now,
	now,
	now,
	receiverId,
	receiverId,
	receiverId,
	quantity,
	quantity,
	receiverId,
	now,
	receivedAtMost,
	receiverId,
	heldAtMost,
	now,
	receiverId,
	heldAfterNoShows,
	receiverId,
	quantity,
	now,
	now,
	quantity,
	now,
];

/**
 * The donor's notification's parameters: whom it tells, of which item and request, its data as
 * JSON text, and when a digest's mail would go (the next 08:00 in Jakarta, UTC+7).
 * @param {{ donorId: string, created: boolean, requestId: number | string, itemId: number,
 *   itemName: string, receiverName: string, quantity: number, now?: Date }} told
 */
export const tellDonorParams = ({
	donorId,
	created,
	requestId,
	itemId,
	itemName,
	receiverName,
	quantity,
	now = new Date(),
}) => [
	donorId,
	created ? 'requestCreated' : 'requestUpdated',
	itemId,
	requestId,
	JSON.stringify({ item: itemName, name: receiverName, count: quantity }),
	nextDigestAt(now).toISOString(),
];

/** The next 08:00 Jakarta time (01:00 UTC) at or after `now`, to the minute. */
function nextDigestAt(now) {
	const minute = 60_000;
	const day = 24 * 60 * minute;
	const startOfMinute = Math.floor(now.getTime() / minute) * minute;
	const digestMinuteUtc = 60 * minute;
	const intoDay = ((startOfMinute % day) + day) % day;
	const ahead = (digestMinuteUtc - intoDay + day) % day;
	return new Date(ahead === 0 ? now.getTime() : startOfMinute + ahead);
}
