import { desc, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { avatarUrl } from '~/features/profiles/profiles.server';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { itemImages, items, users } from '~/server/db/schema';
import { photoView } from './photos.server';
import type { ItemListQuery } from './item-schemas';
import {
	correctedSearch,
	countedListPage,
	type ItemFilters,
	itemCount,
	listOrder,
	listPlaceholders,
	listTotals,
	listVersionColumn,
	type PageRequest,
	type PageWay,
	pageIds,
	pageWay,
	placeholderValues,
} from './item-search.server';
import type { Category, Item, ItemList, ItemStatus } from './items';
import { latestItemsCount } from './items';

/** Who is looking: the phone is only for signed-in viewers with a complete profile. */
export interface Viewer {
	id: string;
	canSeePhone: boolean;
}

type DonorRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'phone' | 'avatarKey' | 'areaName'>;
type PhotoRow = Pick<typeof itemImages.$inferSelect, 'key' | 'widths' | 'width' | 'height'>;

/**
 * A column of the item being read, named with its table: inside a subquery an unqualified name
 * would be the subquery's own column (`item_images.id` for `id`).
 */
function itemColumn(column: AnyPgColumn): SQL {
	return sql`${items}.${sql.identifier(column.name)}`;
}

/**
 * Everything the API shows of an item in one row: the item, its donor, and its photos in display
 * order, donor and photos as JSON from subqueries (a plain lookup of the item by id or page, no
 * join for the planner to weigh), so a detail or a page of a list is one statement. The search
 * text, a copy of name and description, stays behind.
 */
const { searchText, ...itemFields } = getTableColumns(items);
const itemColumns = {
	item: itemFields,
	donor: sql<DonorRow>`(
		select json_build_object(
			'id', ${users.id}, 'name', ${users.name}, 'phone', ${users.phone},
			'avatarKey', ${users.avatarKey}, 'areaName', ${users.areaName}
		)
		from ${users} where ${users.id} = ${itemColumn(items.donorId)})`.mapWith(fromJson<DonorRow>),
	photos: sql<PhotoRow[]>`(
		select coalesce(json_agg(json_build_object(
			'key', ${itemImages.key}, 'widths', ${itemImages.widths},
			'width', ${itemImages.width}, 'height', ${itemImages.height}
		) order by ${itemImages.position}), '[]')
		from ${itemImages} where ${itemImages.itemId} = ${itemColumn(items.id)})`.mapWith(
		fromJson<PhotoRow[]>,
	),
};

/** A JSON column: parsed by the driver already (postgres.js, PGlite), or text to parse. */
function fromJson<T>(value: unknown): T {
	return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

type ItemRow = {
	item: Omit<typeof items.$inferSelect, 'searchText'>;
	donor: DonorRow;
	photos: PhotoRow[];
};

/** Items with their donors and photos; the caller adds conditions, order and limits. */
function selectItems(db: Database) {
	return db.select(itemColumns).from(items);
}

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
		.select({ ...itemColumns, version: listVersionColumn })
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
		filters.search ? 'search' : '',
		way.walk ? `walk ${way.limit} ${way.offset}` : 'index',
	].join(':');
	const statements = listPages(db);
	let statement = statements.get(shape);
	if (!statement) {
		statement = listPageStatement(db, filters, page.sort, way);
		statements.set(shape, statement);
	}
	return statement.execute(placeholderValues(filters, page));
}

/** The polled detail and home list, and the items of a freshly counted page, prepared once per database. */
const reads = preparedStatements((db) => ({
	item: selectItems(db)
		.where(eq(items.id, sql.placeholder('id')))
		.prepare('item_detail'),
	itemsWithIds: selectItems(db)
		.where(sql`${items.id} = any(${sql.placeholder('ids')})`)
		.prepare('items_with_ids'),
	latest: selectItems(db)
		.where(eq(items.status, 'AVAILABLE'))
		.orderBy(desc(items.createdAt), desc(items.id))
		.limit(latestItemsCount)
		.prepare('latest_items'),
}));

function itemView({ item, donor, photos }: ItemRow, viewer: Viewer | null): Item {
	const showPhone = Boolean(
		donor.phone && viewer && (viewer.canSeePhone || viewer.id === donor.id),
	);
	const views = photos.map(photoView);
	return {
		id: item.id,
		name: item.name,
		description: item.description,
		category: item.category as Category,
		weight: item.weight,
		length: item.length,
		width: item.width,
		height: item.height,
		quantity: item.quantity,
		status: item.status as ItemStatus,
		donatedAt: item.donatedAt?.toISOString() ?? null,
		createdAt: item.createdAt.toISOString(),
		updatedAt: item.updatedAt.toISOString(),
		images: views.map((photo) => photo.src),
		photos: views,
		donorId: item.donorId,
		donor: {
			id: donor.id,
			name: donor.name ?? '',
			avatar: avatarUrl(donor.avatarKey),
			areaName: donor.areaName,
			hasPhone: Boolean(donor.phone),
			...(showPhone ? { phone: donor.phone! } : {}),
		},
	};
}

/**
 * Lists never carry a donor's phone (cards do not show it): only the item detail does, where
 * each reveal counts against the viewer's rate limit (design.md, "Phone privacy").
 */
function listViewer(viewer: Viewer | null): Viewer | null {
	return viewer && { id: viewer.id, canSeePhone: false };
}

/** The items with these ids, in the order of the ids. */
async function itemsWithIds(db: Database, ids: number[]): Promise<ItemRow[]> {
	if (ids.length === 0) return [];
	const rows = await reads(db).itemsWithIds.execute({ ids });
	const byId = new Map(rows.map((row) => [row.item.id, row]));
	return ids.flatMap((id) => byId.get(id) ?? []);
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
): Promise<{ total: number; rows: ItemRow[] }> {
	const page = { sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit };
	const key = listTotals.key(filters);
	const known = listTotals.get(db, key);
	if (known) {
		const way = pageWay(page, known.total, itemCount.get(db));
		const rows = await listPage(db, { ...filters, search: known.search }, page, way);
		if (rows[0]?.version === known.version) return { total: known.total, rows };
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

/** `GET /items`: one page of items with the list's meta (design.md, "Lists"). */
export async function listItems(
	db: Database,
	query: ItemListQuery,
	viewer: Viewer | null,
): Promise<ItemList> {
	const filters: ItemFilters = {
		status: query.status,
		category: query.category,
		search: query.search || undefined,
	};
	const { total, rows } = await totalAndPage(db, filters, query);
	const totalPages = Math.max(1, Math.ceil(total / query.limit));
	return {
		items: rows.map((row) => itemView(row, listViewer(viewer))),
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

/** `GET /items/latest`: the newest available items for the home page. */
export async function latestItems(db: Database, viewer: Viewer | null): Promise<Item[]> {
	const rows = await reads(db).latest.execute();
	return rows.map((row) => itemView(row, listViewer(viewer)));
}

/** One item, or `null`. */
export async function findItem(
	db: Database,
	id: number,
	viewer: Viewer | null,
): Promise<Item | null> {
	if (!Number.isSafeInteger(id) || id < 1) return null;
	const [row] = await reads(db).item.execute({ id });
	return row ? itemView(row, viewer) : null;
}

/** `GET /items/my-items`: everything a donor listed, newest first. */
export async function myItems(db: Database, userId: string): Promise<Item[]> {
	const rows = await selectItems(db)
		.where(eq(items.donorId, userId))
		.orderBy(desc(items.createdAt), desc(items.id));
	return rows.map((row) => itemView(row, { id: userId, canSeePhone: true }));
}
