// The SQL Drizzle generates for listItems and findItem (src/features/items/items.server.ts and
// item-search.server.ts), copied from the statements the server sends, so the bare run and the
// HTTP floor server (floor-server.mjs) send the very same ones. A search whose total is cached is
// one prepared statement: the items of the page (the page's ids found by a subquery) with the
// list version. For the benchmark's words (5 to 9 items in 100) the server finds the first page
// by walking the date index, with the limit and offset written into the statement (pageWay). A
// cold search counts in an unprepared statement that also reads the page's ids, then reads those
// items. A detail is one prepared statement.

// The page size the site asks for (itemPageSize in src/features/items/items.ts).
const pageSize = 12;

const itemSelection =
	'select "id", "donor_id", "name", "description", "category", "weight", "length", "width", ' +
	'"height", "quantity", "status", "donated_at", "created_at", "updated_at", ' +
	'(select json_build_object(\'id\', "id", \'name\', "name", \'phone\', "phone", ' +
	'\'avatarKey\', "avatar_key", \'areaName\', "area_name") ' +
	'from "users" where "id" = "items"."donor_id") as "donor", ' +
	'(select coalesce(json_agg(json_build_object(\'key\', "key", \'widths\', "widths", ' +
	'\'width\', "width", \'height\', "height") order by "position"), \'[]\') ' +
	'from "item_images" where "item_id" = "items"."id") as "photos"';
const walkIds =
	'array(select "id" from "items" where strpos("items"."search_text", lower($1)) > 0 ' +
	`order by "items"."created_at" desc, "items"."id" desc limit ${pageSize} offset 0)`;
const indexIds =
	'array(select "id" from "items" where "items"."search_text" like lower($1) ' +
	`order by "items"."created_at" desc, "items"."id" desc limit ${pageSize} offset 0)`;
export const statements = {
	page:
		`${itemSelection}, (select "version" from "item_list_state" where "id" = 1) as "version" ` +
		'from "items" ' +
		`where "items"."id" = any(${walkIds}) ` +
		'order by "items"."created_at" desc, "items"."id" desc',
	countedPage:
		`select "version", ${indexIds}, ((select count(*) from "items" where ` +
		'"items"."search_text" like lower($2))) from "item_list_state" ' +
		'where "item_list_state"."id" = $3',
	correction:
		'select input, (select "search_words"."word" from "search_words" ' +
		'where "search_words"."word" % input and similarity("search_words"."word", input) >= $1 ' +
		'order by similarity("search_words"."word", input) desc, "search_words"."word" limit 1) ' +
		'as word from unnest($2::text[]) as input',
	itemsWithIds: `${itemSelection} from "items" where "items"."id" = any($1)`,
	item: `${itemSelection} from "items" where "items"."id" = $1`,
};
