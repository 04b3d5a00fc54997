// The SQL Drizzle generates for askForItem (src/features/requests/requests.server.ts) and for the
// request lists (selectRequests in request-views.server.ts), copied from the statements the server
// sends, so the bare run sends the very same ones (tests/unit/bench-requests.test.ts logs the
// server's own code to check that they still are). None of them is prepared: the server sends
// each with its parameters, and postgres.js asks the database for their types first, as it does
// for the server.
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

// A request with its item, cover photo, both people and the receiver's record of collecting.
const requestSelection =
	`select ${requestColumns
		.split(', ')
		.map((column) => `"item_requests".${column}`)
		.join(', ')}, ` +
	'"items"."name", "items"."status", "items"."quantity", "items"."reserved_quantity", (\n' +
	'\tselect json_build_object(\'key\', "item_images"."key", \'widths\', "item_images"."widths")\n' +
	'\tfrom "item_images" where "item_images"."item_id" = "item_requests"."item_id"\n' +
	'\torder by "item_images"."position" limit 1), ' +
	'"donors"."id", "donors"."name", "donors"."avatar_key", "donors"."phone", ' +
	'"receivers"."id", "receivers"."name", "receivers"."avatar_key", "receivers"."phone", (\n' +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand past.state in ('handedOver', 'confirmed')), (\n" +
	'\t\tselect count(*)::int from "item_requests" as past\n' +
	'\t\twhere past.receiver_id = "item_requests"."receiver_id"\n' +
	"\t\t\tand (past.state = 'expired' or (past.state = 'declined' and past.decline_reason = 'noShow'))) " +
	'from "item_requests" inner join "items" on "items"."id" = "item_requests"."item_id" ' +
	'inner join "users" "donors" on "donors"."id" = "item_requests"."donor_id" ' +
	'inner join "users" "receivers" on "receivers"."id" = "item_requests"."receiver_id" ';

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
	requestById: `${requestSelection}where "item_requests"."id" = $1`,
	// GET /items/{id}/requests (itemRequestsForDonor): the owner check, the list, marked seen.
	itemDonor: 'select "donor_id" from "items" where "items"."id" = $1',
	itemRequests:
		`${requestSelection}where "item_requests"."item_id" = $1 order by case ` +
		`"item_requests"."state" when 'handedOver' then 0 when 'reserved' then 1 when 'open' then 2 ` +
		'else 3 end, "item_requests"."created_at", "item_requests"."id"',
	markSeen:
		'update "item_requests" set "seen_by_donor_at" = $1 where ("item_requests"."item_id" = $2 ' +
		'and "item_requests"."seen_by_donor_at" is null)',
	// GET /requests/mine (myRequests).
	receiverRequests:
		`${requestSelection}where "item_requests"."receiver_id" = $1 order by ` +
		'"item_requests"."updated_at" desc, "item_requests"."id" desc',
};
