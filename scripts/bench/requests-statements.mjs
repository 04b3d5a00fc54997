// The SQL Drizzle generates for askForItem (src/features/requests/requests.server.ts) and for the
// request lists (request-records.server.ts), copied from the statements the server sends, so the
// bare run sends the very same ones (tests/unit/bench-requests.test.ts logs the server's own code to
// check that they still are). The request reads are prepared, as the server prepares them; the
// statements of asking are sent unprepared, and postgres.js asks the database for their types
// first, as it does for the server.
//
// Asking for an item is one transaction: the item's row locked, the receiver's request in progress
// for it looked up, then either the open request's quantity updated (asking again) or the
// receiver's row locked, their requests open or reserved counted and the new request inserted;
// and the donor's notification inserted. The answer is the request read back by its id.

const requestColumns =
	'"id", "item_id", "donor_id", "receiver_id", "quantity", "state", "method", "given_quantity", ' +
	'"counts_for_impact", "decline_reason", "disputes", "reserved_until", "expiry_warned_at", ' +
	'"seen_by_donor_at", "created_at", "updated_at", "reserved_at", "handed_over_at", ' +
	'"confirmed_at", "closed_at"';

// What the request lists show of a request (request-records.server.ts): its columns, its item and
// cover photo, then the person the viewer sees, aliased so rows come back by name.
const shownColumns =
	'"id", "item_id", "donor_id", "receiver_id", "quantity", "state", "method", "given_quantity", ' +
	'"counts_for_impact", "decline_reason", "disputes", "reserved_until", "seen_by_donor_at", ' +
	'"created_at", "updated_at", "handed_over_at", "confirmed_at"';
const requestSelection =
	`select ${shownColumns
		.split(', ')
		.map((column) => `"item_requests".${column}`)
		.join(', ')}, ` +
	'"items"."name" as "item_name", "items"."status" as "item_status", ' +
	'"items"."quantity" as "item_quantity", "items"."reserved_quantity" as "item_reserved_quantity", (\n' +
	'\t\tselect json_build_object(\'key\', "item_images"."key", \'widths\', "item_images"."widths")\n' +
	'\t\tfrom "item_images" where "item_images"."item_id" = "item_requests"."item_id"\n' +
	'\t\torder by "item_images"."position" limit 1) as "cover"';
// The donor, whom the receiver sees.
const donorSelection =
	', "donors"."name" as "donor_name", "donors"."avatar_key" as "donor_avatar_key", ' +
	'"donors"."phone" as "donor_phone"';
// The receiver and their record of collecting, whom the donor sees.
const receiverSelection =
	', "receivers"."name" as "receiver_name", "receivers"."avatar_key" as "receiver_avatar_key", ' +
	'"receivers"."phone" as "receiver_phone", (\n' +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand past.state in ('handedOver', 'confirmed')) as \"pickups_completed\", (\n" +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand (past.state = 'expired' or (past.state = 'declined' and past.decline_reason = 'noShow'))) as \"no_shows\"";
const fromItems =
	' from "item_requests" inner join "items" on "items"."id" = "item_requests"."item_id"';
const donorJoin = ' inner join "users" "donors" on "donors"."id" = "item_requests"."donor_id"';
const receiverJoin =
	' inner join "users" "receivers" on "receivers"."id" = "item_requests"."receiver_id"';

/** The statements the server prepares; the others it sends unprepared. */
export const prepared = new Set(['requestById', 'itemDonor', 'itemRequests', 'receiverRequests']);

export const statements = {
	// askForItem, in its transaction.
	lockItem:
		'select "id", "donor_id", "name", "description", "category", "weight", "length", "width", ' +
		'"height", "quantity", "reserved_quantity", "status", "donated_at", "created_at", ' +
		'"updated_at", "search_text" from "items" where "items"."id" = $1 for update',
	// Parameters: item, receiver, then 'open', 'reserved', 'handedOver'.
	requestInProgress:
		`select ${requestColumns} from "item_requests" where ("item_requests"."item_id" = $1 and ` +
		'"item_requests"."receiver_id" = $2 and "item_requests"."state" in ($3, $4, $5))',
	updateQuantity:
		'update "item_requests" set "quantity" = $1, "seen_by_donor_at" = $2, "updated_at" = $3 ' +
		'where "item_requests"."id" = $4',
	lockUser: 'select "id" from "users" where "users"."id" = $1 for update',
	// Parameters: receiver, then 'open', 'reserved'.
	countHeld:
		'select count(*)::int from "item_requests" where ("item_requests"."receiver_id" = $1 and ' +
		'"item_requests"."state" in ($2, $3))',
	insertRequest:
		`insert into "item_requests" (${requestColumns}) values (default, $1, $2, $3, $4, default, ` +
		'default, default, default, default, default, default, default, default, $5, $6, default, ' +
		'default, default, default) returning "id"',
	insertNotification:
		'insert into "notifications" ("id", "user_id", "kind", "request_id", "item_id", "data", ' +
		'"created_at", "read_at") values (default, $1, $2, $3, $4, $5, default, default)',
	// The answer of asking (findRequest).
	requestById:
		`${requestSelection}${donorSelection}${receiverSelection}${fromItems}${donorJoin}` +
		`${receiverJoin} where "item_requests"."id" = $1`,
	// GET /items/{id}/requests (itemRequestsForDonor): the owner check, the list, marked seen.
	itemDonor: 'select "donor_id" from "items" where "items"."id" = $1',
	itemRequests:
		`${requestSelection}${receiverSelection}${fromItems}${receiverJoin} ` +
		'where "item_requests"."item_id" = $1 order by case ' +
		`"item_requests"."state" when 'handedOver' then 0 when 'reserved' then 1 when 'open' then 2 ` +
		'else 3 end, "item_requests"."created_at", "item_requests"."id"',
	markSeen:
		'update "item_requests" set "seen_by_donor_at" = $1 where ("item_requests"."item_id" = $2 ' +
		'and "item_requests"."seen_by_donor_at" is null)',
	// GET /requests/mine (myRequests).
	receiverRequests:
		`${requestSelection}${donorSelection}${fromItems}${donorJoin} ` +
		'where "item_requests"."receiver_id" = $1 order by ' +
		'"item_requests"."updated_at" desc, "item_requests"."id" desc',
};
