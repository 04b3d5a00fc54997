import { and, desc, eq, isNotNull, ne, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { ItemPickup } from '~/features/places/places';
import type { Database } from '~/server/db/client';
import { items } from '~/server/db/schema';
import { filterWhere, type ListShape, type ListValues, pageBound } from './item-search.server';

/**
 * The codes of the viewer's home that "near me" orders by, or the placeholders that a prepared
 * statement fills in.
 */
export interface HomeValues {
	districtCode: string | Placeholder;
	regencyCode: string | Placeholder;
	provinceCode: string | Placeholder;
}

/** The codes of the viewer's home, as the values of a near-me statement. */
export function homeValues(home: ItemPickup) {
	return {
		districtCode: home.districtCode,
		regencyCode: home.regencyCode,
		provinceCode: home.provinceCode,
	};
}

/** Placeholders for the home codes, for a near-me statement prepared once. */
export const homePlaceholders: HomeValues = {
	districtCode: sql.placeholder('districtCode'),
	regencyCode: sql.placeholder('regencyCode'),
	provinceCode: sql.placeholder('provinceCode'),
};

/**
 * The groups of a "near me" list, nearest first: the viewer's district, the rest of their city,
 * the rest of their province, everywhere else (items with no pickup area last of all).
 */
function nearGroups(home: HomeValues): SQL[] {
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
 * The ids of one page of a list in "near me" order, newest first inside each group, as a
 * subquery. Each group reads at most the page's end from its own index (the district's, city's or
 * province's, and the date index for the rest), so a first page costs four short index walks
 * whatever the list's size.
 */
export function nearMePageIds(
	db: Database,
	filters: ListShape,
	values: ListValues,
	home: HomeValues,
): SQL {
	const where = filterWhere(filters, values);
	// Parameters arrive untyped: a sum of two needs them named as numbers.
	const end =
		typeof values.limit === 'number' && typeof values.offset === 'number'
			? pageBound(values.limit + values.offset)
			: sql`(${values.limit}::bigint + ${values.offset}::bigint)`;
	const groups = nearGroups(home).map(
		(group, index) =>
			sql`(${db
				.select({
					id: items.id,
					group: sql<number>`${sql.raw(String(index))}`.as('group'),
					createdAt: items.createdAt,
				})
				.from(items)
				.where(and(group, where))
				.orderBy(desc(items.createdAt), desc(items.id))
				.getSQL()} limit ${end})`,
	);
	return sql`select id from (${sql.join(groups, sql` union all `)}) as near
		order by "group", created_at desc, id desc
		limit ${pageBound(values.limit)} offset ${pageBound(values.offset)}`;
}

/**
 * The order of the items of a near-me page: their group (which a page's few rows are tested
 * against again, cheaper than carrying it out of the subquery), newest first inside each.
 */
export function nearMeOrder(home: HomeValues): SQL[] {
	const groups = nearGroups(home);
	const group = sql.join(
		groups.map((condition, index) => sql`when ${condition} then ${sql.raw(String(index))}`),
		sql` `,
	);
	return [sql`case ${group} end`, desc(items.createdAt), desc(items.id)];
}
