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
	'"height", "quantity", "status", "donated_at", "pickup_province_code", "pickup_province_name", ' +
	'"pickup_regency_code", "pickup_regency_name", "pickup_district_code", "pickup_district_name", ' +
	'"created_at", "updated_at", ' +
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
	// The listed words that could stand in for misspelled ones: the word as typed, the words one
	// edit away (`like` any of $3, the patterns of the words in $2), the most alike by trigrams.
	spellingCandidates:
		'select input, "search_words"."word" as word, 0 as edits, 1 as similarity ' +
		'from unnest($1::text[]) as input join "search_words" on "search_words"."word" = input ' +
		'union all select distinct input, "search_words"."word", 1, similarity("search_words"."word", input) ' +
		'from unnest($2::text[], $3::text[]) as edit(input, pattern) ' +
		'join "search_words" on "search_words"."word" like pattern ' +
		'union all select input, alike.word, 2, alike.similarity ' +
		'from unnest($1::text[]) as input cross join lateral (' +
		'select "search_words"."word" as word, similarity("search_words"."word", input) as similarity ' +
		'from "search_words" where "search_words"."word" % input and length("search_words"."word") >= $4 ' +
		'order by 2 desc, 1 limit 1) as alike where alike.similarity >= $5',
	itemsWithIds: `${itemSelection} from "items" where "items"."id" = any($1)`,
	item: `${itemSelection} from "items" where "items"."id" = $1`,
};
