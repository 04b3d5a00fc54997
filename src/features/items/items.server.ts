import { sql } from 'drizzle-orm';
import type { ItemPickup } from '~/features/places/places';
import { placeFilterOf } from '~/features/places/places.server';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { rowsOf } from '~/server/db/rows';
import { items } from '~/server/db/schema';
import { AppError } from '~/server/http/errors';
import {
	itemColumns,
	type ItemRecord,
	itemReads,
	itemRecords,
	itemsWithIds,
	itemView,
	listViewer,
	type Viewer,
} from './item-records.server';
import type { ItemListQuery } from './item-list-query';
import {
	countedListPage,
	firstPages,
	type ItemFilters,
	itemCount,
	listOrder,
	listPlaceholders,
	listTotals,
	type ListValues,
	listValues,
	listVersionColumn,
	type PageRequest,
	type PageWay,
	pageIds,
	pageWay,
	placeholderValues,
} from './item-search.server';
import { correctedSearch } from './item-spelling.server';
import { type Item, type ItemList, itemPageSize } from './items';
import {
	type HomeValues,
	homePlaceholders,
	homeValues,
	nearMeOrder,
	nearMePageIds,
} from './near-me.server';
import { requestCountsOf } from './request-counts.server';

// The item lists (newest or oldest first, filtered and searched, or in "near me" order) with
// their totals, and the reads of single items and a donor's own.

/**
 * A page of a list with the list version: the items whose ids the page's subquery finds, in
 * the list's order. One statement per shape of filters, order and way, prepared once per
 * database.
 */
function listPageStatement(
	db: Database,
	filters: ItemFilters,
	sort: ItemListQuery['sort'],
	way: PageWay,
) {
	const placeholders = listPlaceholders(filters, way);
	return db
		.select({ ...itemColumns, version: listVersionColumn.as('version') })
		.from(items)
		.where(sql`${items.id} = any(array(${pageIds(db, filters, sort, placeholders)}))`)
		.orderBy(...listOrder(sort))
		.prepare('item_list_page');
}

const listPages = preparedStatements(() => new Map<string, ReturnType<typeof listPageStatement>>());

/** The page of the list, read through the prepared statement of its shape. */
function listPage(db: Database, filters: ItemFilters, page: PageRequest, way: PageWay) {
	const shape = [
		filters.status,
		page.sort,
		filters.category ? 'category' : '',
		filters.place?.level ?? '',
		filters.search ? 'search' : '',
		way.walk ? `walk ${way.limit} ${way.offset}` : 'index',
	].join(':');
	const statements = listPages(db);
	let statement = statements.get(shape);
	if (!statement) {
		statement = listPageStatement(db, filters, page.sort, way);
		statements.set(shape, statement);
	}
	return itemRecords<{ version: number | string }>(statement, placeholderValues(filters, page));
}

/** A page of a list in "near me" order with the list version, as `listPageStatement`'s. */
function nearMePageQuery(db: Database, filters: ItemFilters, values: ListValues, home: HomeValues) {
	return db
		.select({ ...itemColumns, version: listVersionColumn.as('version') })
		.from(items)
		.where(sql`${items.id} = any(array(${nearMePageIds(db, filters, values, home)}))`)
		.orderBy(...nearMeOrder(home));
}

/**
 * The near-me page of a shape of filters, prepared once per database: the home codes are
 * parameters, and the first pages' bounds are written in, as a walk's, so each group's plan is
 * costed for its page's end.
 */
function nearMePageStatement(db: Database, filters: ItemFilters, way: PageWay) {
	return nearMePageQuery(db, filters, listPlaceholders(filters, way), homePlaceholders).prepare(
		'near_me_page',
	);
}

const nearMePages = preparedStatements(
	() => new Map<string, ReturnType<typeof nearMePageStatement>>(),
);

/**
 * A page in "near me" order, with the list version. A search's page is built for its word and
 * planned for it, as a count is: how many of a group's items match decides between walking the
 * group's index and the trigram index, which a prepared plan would decide once for every word.
 */
async function nearMePage(
	db: Database,
	filters: ItemFilters,
	page: PageRequest,
	home: ItemPickup,
): Promise<Array<ItemRecord & { version: number | string }>> {
	if (filters.search) {
		const query = nearMePageQuery(db, filters, listValues(filters, page), homeValues(home));
		return rowsOf(await db.execute(query));
	}
	const way: PageWay = firstPages(page)
		? { walk: true, limit: page.limit, offset: page.offset }
		: { walk: false };
	const shape = [
		filters.status,
		filters.category ? 'category' : '',
		filters.place?.level ?? '',
		way.walk ? `${way.limit} ${way.offset}` : 'any page',
	].join(':');
	const statements = nearMePages(db);
	let statement = statements.get(shape);
	if (!statement) {
		statement = nearMePageStatement(db, filters, way);
		statements.set(shape, statement);
	}
	return itemRecords(statement, { ...placeholderValues(filters, page), ...homeValues(home) });
}

/**
 * The total and the rows of a page of a list. The total comes from `listTotals` while no item
 * has changed since it was counted: the page's statement reads the list version with the rows,
 * finding the page the way `pageWay` picks for that total. Otherwise (or when the page is empty,
 * which says nothing of the version) the total is counted again. A search that finds nothing is
 * tried once more with its misspelled words corrected, and the total remembers which search it
 * was for.
 */
async function totalAndPage(
	db: Database,
	filters: ItemFilters,
	query: ItemListQuery,
): Promise<{ total: number; rows: ItemRecord[] }> {
	const page = { sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit };
	const key = listTotals.key(filters);
	const known = listTotals.get(db, key);
	if (known) {
		const way = pageWay(page, known.total, itemCount.get(db));
		const rows = await listPage(db, { ...filters, search: known.search }, page, way);
		if (rows[0] && Number(rows[0].version) === known.version) return { total: known.total, rows };
	}
	const count = async (search: string | undefined) => {
		const counted = await countedListPage(db, { ...filters, search }, page, {
			countItems: itemCount.get(db) === undefined,
		});
		if (counted.itemCount !== undefined) itemCount.set(db, counted.itemCount);
		return counted;
	};
	let counted = await count(filters.search);
	const correction =
		counted.total === 0 && filters.search ? await correctedSearch(db, filters.search) : null;
	if (correction) counted = await count(correction);
	listTotals.set(db, key, {
		version: counted.version,
		total: counted.total,
		search: counted.search,
	});
	return { total: counted.total, rows: await itemsWithIds(db, counted.ids) };
}

/**
 * The total and the rows of a page in "near me" order, read as `totalAndPage` reads a list's: the
 * total is the filtered list's, kept in `listTotals` with its version, and while no item has
 * changed the page's one statement reads the version with the rows. Otherwise (or when the page
 * is empty) the total is counted again, with a misspelled search corrected, and the page read
 * again for the search counted, if the total reaches it.
 */
async function nearMeTotalAndPage(
	db: Database,
	filters: ItemFilters,
	query: ItemListQuery,
	home: ItemPickup,
): Promise<{ total: number; rows: ItemRecord[] }> {
	const page = {
		sort: 'newest' as const,
		limit: query.limit,
		offset: (query.page - 1) * query.limit,
	};
	const key = listTotals.key(filters);
	const known = listTotals.get(db, key);
	if (known) {
		const rows = await nearMePage(db, { ...filters, search: known.search }, page, home);
		if (rows[0] && Number(rows[0].version) === known.version) return { total: known.total, rows };
	}
	const countOf = (search: string | undefined) =>
		countedListPage(
			db,
			{ ...filters, search },
			{ ...page, limit: 0, offset: 0 },
			{ countItems: false },
		);
	let counted = await countOf(filters.search);
	const correction =
		counted.total === 0 && filters.search ? await correctedSearch(db, filters.search) : null;
	if (correction) counted = await countOf(correction);
	listTotals.set(db, key, {
		version: counted.version,
		total: counted.total,
		search: counted.search,
	});
	// A page past the counted total is empty: no statement needed to find that out.
	const rows =
		counted.total > page.offset
			? await nearMePage(db, { ...filters, search: counted.search }, page, home)
			: [];
	return { total: counted.total, rows };
}

/**
 * `GET /items`: one page of items with the list's meta (docs/product-rules.md#item-lists).
 * `home` is the viewer's own district, which "near me" orders by.
 */
export async function listItems(
	db: Database,
	query: ItemListQuery,
	viewer: Viewer | null,
	home: ItemPickup | null = null,
): Promise<ItemList> {
	const filters: ItemFilters = {
		status: query.status,
		category: query.category,
		search: query.search || undefined,
		place: await placeFilterOf(query),
	};
	if (query.near === 'me' && !home) throw nearMeRefused();
	const { total, rows } =
		query.near === 'me' && home
			? await nearMeTotalAndPage(db, filters, query, home)
			: await totalAndPage(db, filters, query);
	const totalPages = Math.max(1, Math.ceil(total / query.limit));
	const cardViewer = listViewer(viewer);
	return {
		items: rows.map((row) => itemView(row, cardViewer)),
		meta: {
			page: query.page,
			limit: query.limit,
			total,
			totalPages,
			hasPrevPage: query.page > 1,
			hasNextPage: query.page < totalPages,
		},
	};
}

/** "Near me" needs a district of one's own: signed out, or without one, it is refused. */
function nearMeRefused(): AppError {
	const key = 'items.errors.nearMeNeedsDistrict';
	return new AppError('VALIDATION_ERROR', { near: key }, undefined, { key });
}

/** `GET /items/latest`: the newest available items for the home page. */
export async function latestItems(db: Database, viewer: Viewer | null): Promise<Item[]> {
	const rows = await itemRecords(itemReads(db).latest);
	const cardViewer = listViewer(viewer);
	return rows.map((row) => itemView(row, cardViewer));
}

/** One item, or `null`. */
export async function findItem(
	db: Database,
	id: number,
	viewer: Viewer | null,
): Promise<Item | null> {
	if (!Number.isSafeInteger(id) || id < 1) return null;
	const [row] = await itemRecords(itemReads(db).item, { id });
	return row ? itemView(row, viewer) : null;
}

/**
 * One page of a donor's available items, newest first, for their public profile: a receiver sees
 * what else they could collect on the same trip. A page past the end answers the last one.
 */
export async function donorAvailableItems(
	db: Database,
	donorId: string,
	page: number,
	limit = itemPageSize,
): Promise<ItemList> {
	const reads = itemReads(db);
	const [counted] = (await reads.donorAvailableCount.execute({ donorId })) as { total: number }[];
	const total = Number(counted?.total ?? 0);
	const totalPages = Math.max(1, Math.ceil(total / limit));
	const current = Math.min(Math.max(1, Math.trunc(page) || 1), totalPages);
	const rows =
		total === 0
			? []
			: await itemRecords(reads.donorAvailable, {
					donorId,
					limit,
					offset: (current - 1) * limit,
				});
	return {
		items: rows.map((row) => itemView(row, null)),
		meta: {
			page: current,
			limit,
			total,
			totalPages,
			hasPrevPage: current > 1,
			hasNextPage: current < totalPages,
		},
	};
}

/** `GET /items/my-items`: everything a donor listed, newest first. */
export async function myItems(db: Database, userId: string): Promise<Item[]> {
	const [rows, counts] = await Promise.all([
		itemRecords(itemReads(db).mine, { donorId: userId }),
		requestCountsOf(db, userId),
	]);
	return rows.map((row) => ({
		...itemView(row, { id: userId, canSeePhone: true }),
		requestCounts: counts.get(Number(row.id)) ?? { open: 0, new: 0 },
	}));
}
