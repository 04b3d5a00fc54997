import { and, asc, count, desc, eq, isNull, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { itemListState, items } from '~/server/db/schema';
import type { PlaceFilter } from '~/features/places/places';
import type { Category } from './items';

/** What narrows a list: the filters of `GET /items`, the search trimmed and never empty. */
export interface ItemFilters {
	status: 'available' | 'all';
	category: Category | undefined;
	search: string | undefined;
	place: PlaceFilter | undefined;
}

/** The pickup code column of each place level. */
export const pickupCodeColumn = {
	province: items.pickupProvinceCode,
	regency: items.pickupRegencyCode,
	district: items.pickupDistrictCode,
} as const;

/** A case-insensitive substring pattern; `%`, `_` and `\` in the search are plain characters. */
export function likePattern(search: string): string {
	return `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

/** A list's total as counted, and the search it was counted for (after any correction). */
export interface CountedTotal {
	/** `item_list_state.version` in the snapshot the count saw. */
	version: number;
	total: number;
	search: string | undefined;
}

/** Which page of a list, in which order. */
export interface PageRequest {
	sort: 'newest' | 'oldest';
	limit: number;
	offset: number;
}

/**
 * How a page's ids are found. A walk reads the date index from the list's start, checking each
 * row in the index, until it has passed `offset` matches and found `limit`: cheap when matches
 * are common, and its limit and offset are written into the statement so that PostgreSQL can cost
 * it once and keep one plan, without planning every request. Otherwise the page is found by the
 * search's trigram index (or whatever PostgreSQL picks for the values), planned per request.
 */
export type PageWay = { walk: true; limit: number; offset: number } | { walk: false };

/**
 * About how many rows of the date index a walk reads for the cost of one match found through
 * the trigram index (measured: about 0.5 µs against 2 µs a row on 100,000 items).
 */
const walkRowsPerIndexMatch = 4;
/** Walks are kept to the first pages, so each process prepares a few statements at most. */
const walkPages = 10;

/**
 * The way to the page of a list with `matches` items out of `itemCount` in all. A walk reads
 * about (offset + limit) × itemCount / matches rows, when matches are spread over the dates as
 * the planner assumes too; it is chosen while that is less than the trigram index would cost.
 */
export function pageWay(
	page: PageRequest,
	matches: number,
	itemCount: number | undefined,
): PageWay {
	const { limit, offset } = page;
	if (itemCount === undefined || matches <= offset || !firstPages(page)) return { walk: false };
	const walkRows = ((offset + limit) * itemCount) / matches;
	return walkRows <= walkRowsPerIndexMatch * matches
		? { walk: true, limit, offset }
		: { walk: false };
}

/** Whether the page is one of the first few, whose bounds a prepared statement may write in. */
export function firstPages(page: PageRequest): boolean {
	return page.offset < walkPages * page.limit;
}

/** The values of a list statement, or the placeholders that a prepared one fills in. */
export interface ListValues {
	category: Category | Placeholder | undefined;
	/** The code of the place filter's level. */
	placeCode: string | Placeholder | undefined;
	/** The search as typed, for a walk's `strpos`. */
	search: string | Placeholder | undefined;
	/** The search as a `like` pattern, for the trigram index. */
	pattern: string | Placeholder | undefined;
	/** Numbers are written into the statement; placeholders are its parameters. */
	limit: number | Placeholder;
	offset: number | Placeholder;
}

/**
 * The values of the filters and the page, for a statement built for them alone: the search as a
 * `like` pattern, which lets PostgreSQL choose between the indexes for the very word.
 */
export function listValues(filters: ItemFilters, page: PageRequest): ListValues {
	return { ...placeholderValues(filters, page), search: undefined };
}

/**
 * The values that fill in the placeholders of a list statement, whichever way it was prepared
 * for: each statement takes the ones it names.
 */
export function placeholderValues(filters: ItemFilters, page: PageRequest) {
	return {
		category: filters.category,
		placeCode: filters.place?.code,
		search: filters.search,
		pattern: filters.search === undefined ? undefined : likePattern(filters.search),
		limit: page.limit,
		offset: page.offset,
	};
}

/**
 * Placeholders for the values that these filters use, for a statement prepared once; a walk's
 * limit and offset are written into it.
 */
export function listPlaceholders(filters: ItemFilters, way: PageWay): ListValues {
	return {
		category: filters.category && sql.placeholder('category'),
		placeCode: filters.place && sql.placeholder('placeCode'),
		search: filters.search && way.walk ? sql.placeholder('search') : undefined,
		pattern: filters.search && !way.walk ? sql.placeholder('pattern') : undefined,
		limit: way.walk ? way.limit : sql.placeholder('limit'),
		offset: way.walk ? way.offset : sql.placeholder('offset'),
	};
}

/** The order of a list: newest or oldest first, the id breaking ties. */
export function listOrder(sort: PageRequest['sort']) {
	return sort === 'oldest'
		? [asc(items.createdAt), asc(items.id)]
		: [desc(items.createdAt), desc(items.id)];
}

/**
 * The filters as a condition. A search is a case-insensitive substring of the lower-case search
 * text: as a `like` pattern, which the trigram index serves, or as a `strpos` test, which no
 * index serves, so a walk's plan is the same for every word.
 */
export function filterWhere(filters: ListShape, values: ListValues): SQL | undefined {
	// Hidden items (under review, hidden by a moderator) are in no list; the date index leaves
	// them out too (drizzle/0010_trust_and_safety.sql), so a walk never meets them.
	const conditions: SQL[] = [isNull(items.hiddenAt)];
	// The status is written into the statement, not sent as a value: each status has statements
	// of its own anyway, and the plain list's first page then has no value at all, so PostgreSQL
	// plans it once, not on every call.
	if (filters.status === 'available') conditions.push(sql`${items.status} = 'AVAILABLE'`);
	if (values.category !== undefined) conditions.push(eq(items.category, values.category));
	if (filters.place && values.placeCode !== undefined) {
		conditions.push(eq(pickupCodeColumn[filters.place.level], values.placeCode));
	}
	if (values.pattern !== undefined) {
		conditions.push(sql`${items.searchText} like lower(${values.pattern})`);
	}
	if (values.search !== undefined) {
		conditions.push(sql`strpos(${items.searchText}, lower(${values.search})) > 0`);
	}
	return and(...conditions);
}

/** What a statement's conditions depend on besides its values: the status and the place's level. */
export type ListShape = Pick<ItemFilters, 'status' | 'place'>;

/** A limit or an offset: a number written into the statement, or a parameter. */
export function pageBound(value: number | Placeholder): SQL {
	if (typeof value !== 'number') return sql`${value}`;
	if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`not a page bound: ${value}`);
	return sql.raw(String(value));
}

/** The ids of one page of the filtered list, as a subquery. */
export function pageIds(
	db: Database,
	filters: ListShape,
	sort: PageRequest['sort'],
	values: ListValues,
): SQL {
	const ordered = db
		.select({ id: items.id })
		.from(items)
		.where(filterWhere(filters, values))
		.orderBy(...listOrder(sort));
	return sql`${ordered.getSQL()} limit ${pageBound(values.limit)} offset ${pageBound(values.offset)}`;
}

/** The items' list version (`item_list_state`), which every change to items raises. */
export async function listVersion(db: Database): Promise<number> {
	const [state] = await listVersionRead(db).execute();
	return Number(state?.version ?? 0);
}

/** Read for every item page (its city's link) and sitemap request: prepared once per database. */
const listVersionRead = preparedStatements((db) =>
	db.select({ version: itemListState.version }).from(itemListState).prepare('item_list_version'),
);

/** The list version, as a column of any statement. */
export const listVersionColumn =
	sql<number>`(select ${itemListState.version} from ${itemListState} where ${itemListState.id} = 1)`.mapWith(
		Number,
	);

/**
 * The list version, the ids of one page and the number of matches, in one statement and so in
 * one snapshot: a total and its version always agree. Built for its values and sent unprepared,
 * since a generic plan of the count could look cheaper than the plans for common words and walk
 * the wrong index. With `countItems`, it also counts every item, for `pageWay`.
 */
export async function countedListPage(
	db: Database,
	filters: ItemFilters,
	page: PageRequest,
	{ countItems }: { countItems: boolean },
): Promise<CountedTotal & { ids: number[]; itemCount: number | undefined }> {
	const values = listValues(filters, page);
	const [row] = await db
		.select({
			version: itemListState.version,
			ids: sql<unknown[]>`array(${pageIds(db, filters, page.sort, values)})`,
			total: sql<unknown>`(${db
				.select({ total: count() })
				.from(items)
				.where(filterWhere(filters, values))})`,
			itemCount: countItems
				? sql<unknown>`(${db.select({ total: count() }).from(items).where(isNull(items.hiddenAt))})`
				: sql<null>`null`,
		})
		.from(itemListState)
		.where(eq(itemListState.id, 1));
	// bigint values arrive as strings or BigInts, depending on the driver.
	const total = Number(row?.total ?? 0);
	const everything =
		filters.status === 'all' && !filters.category && !filters.search && !filters.place;
	return {
		version: row?.version ?? 0,
		ids: (row?.ids ?? []).map(Number),
		total,
		search: filters.search,
		itemCount: row?.itemCount != null ? Number(row.itemCount) : everything ? total : undefined,
	};
}

const itemCounts = new WeakMap<Database, number>();

/**
 * The number of all items, as last counted: what `pageWay` weighs matches against. It may be a
 * few versions old (it is counted again whenever the whole list is), which only shifts the
 * point where a walk gives way to the trigram index.
 */
export const itemCount = {
	get: (db: Database): number | undefined => itemCounts.get(db),
	set: (db: Database, count: number): void => void itemCounts.set(db, count),
};

/** How many filter combinations keep their total (searches typed by visitors, mostly). */
const totalsKept = 2000;
const totalsByDatabase = new WeakMap<Database, Map<string, CountedTotal>>();

/**
 * Totals of lists, by filters, for the list version they were counted at. Counting every match
 * of a common word costs milliseconds on every request; a total stays right until an item
 * changes, which the version says to every process at once.
 */
export const listTotals = {
	key(filters: ItemFilters): string {
		return JSON.stringify([
			filters.status,
			filters.category ?? null,
			filters.search ?? null,
			filters.place ?? null,
		]);
	},
	/** The last total of these filters, of whatever version (the caller compares). */
	get(db: Database, key: string): CountedTotal | undefined {
		const totals = totalsByDatabase.get(db);
		const total = totals?.get(key);
		if (totals && total) {
			// Most recently used last, so the oldest is the first to go.
			totals.delete(key);
			totals.set(key, total);
		}
		return total;
	},
	set(db: Database, key: string, total: CountedTotal): void {
		let totals = totalsByDatabase.get(db);
		if (!totals) {
			totals = new Map();
			totalsByDatabase.set(db, totals);
		}
		totals.delete(key);
		totals.set(key, total);
		if (totals.size > totalsKept) totals.delete(totals.keys().next().value!);
	},
};
