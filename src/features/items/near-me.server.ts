import { and, desc, eq, isNotNull, ne, or, type SQL, sql } from 'drizzle-orm';
import type { ItemPickup } from '~/features/places/places';
import type { Database } from '~/server/db/client';
import { rowsOf } from '~/server/db/rows';
import { items } from '~/server/db/schema';
import {
	filterWhere,
	type ItemFilters,
	type PageRequest,
	placeholderValues,
} from './item-search.server';

/**
 * The groups of a "near me" list, nearest first: the viewer's district, the rest of their city,
 * the rest of their province, everywhere else (items with no pickup area last of all).
 */
function nearGroups(home: ItemPickup): SQL[] {
	return [
		eq(items.pickupDistrictCode, home.districtCode),
		and(
			eq(items.pickupRegencyCode, home.regencyCode),
			ne(items.pickupDistrictCode, home.districtCode),
		)!,
		and(
			eq(items.pickupProvinceCode, home.provinceCode),
			ne(items.pickupRegencyCode, home.regencyCode),
		)!,
		or(
			and(isNotNull(items.pickupProvinceCode), ne(items.pickupProvinceCode, home.provinceCode)),
			sql`${items.pickupProvinceCode} is null`,
		)!,
	];
}

/**
 * The ids of one page of a list in "near me" order, newest first inside each group. Each group
 * reads at most the page's end from its own index (the district's, city's or province's, and the
 * date index for the rest), so a first page costs four short index walks whatever the list's size.
 */
export async function nearMePageIds(
	db: Database,
	filters: ItemFilters,
	page: PageRequest,
	home: ItemPickup,
): Promise<number[]> {
	const values = { ...placeholderValues(filters, page), search: undefined };
	const where = filterWhere(filters, values);
	const end = page.offset + page.limit;
	const groups = nearGroups(home).map(
		(group, index) =>
			sql`(${db
				.select({
					id: items.id,
					group: sql<number>`${index}`.as('group'),
					createdAt: items.createdAt,
				})
				.from(items)
				.where(and(group, where))
				.orderBy(desc(items.createdAt), desc(items.id))
				.limit(end)
				.getSQL()})`,
	);
	const result = await db.execute(
		sql`select id from (${sql.join(groups, sql` union all `)}) as near
			order by "group", created_at desc, id desc
			limit ${page.limit} offset ${page.offset}`,
	);
	return rowsOf<{ id: number | string }>(result).map((row) => Number(row.id));
}
