import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { items, notifications, savedSearches } from '~/server/db/schema';

/** A database or a transaction: the notifications are written with the item they tell of. */
type Writer = Pick<Database, 'execute'>;

/**
 * Tells everyone whose saved search a new item matches, once each however many of their
 * searches match: its words are in the item's search text (name, description, city and
 * district), and its category and place, when it has them, are the item's. The donor is not
 * told of their own item. Runs when the item is listed, inside its transaction.
 */
export async function notifySavedSearches(db: Writer, itemId: number): Promise<void> {
	const s = savedSearches;
	await db.execute(sql`
		insert into ${notifications} (user_id, kind, item_id, data)
		select distinct on (${s.userId}) ${s.userId}, 'savedSearchMatch', ${items.id},
			jsonb_build_object('item', ${items.name}, 'label', ${s.label})
		from ${s} join ${items} on ${items.id} = ${itemId}
		where ${s.userId} <> ${items.donorId}
			and (${s.category} is null or ${s.category} = ${items.category})
			and (${s.provinceCode} is null or ${s.provinceCode} = ${items.pickupProvinceCode})
			and (${s.regencyCode} is null or ${s.regencyCode} = ${items.pickupRegencyCode})
			and (${s.search} is null or strpos(${items.searchText}, ${s.search}) > 0)
		order by ${s.userId}, ${s.id}`);
}
