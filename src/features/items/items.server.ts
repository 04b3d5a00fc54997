import { desc, eq, getTableColumns, sql } from 'drizzle-orm';
import { avatarUrl } from '~/features/profiles/profiles.server';
import type { Database } from '~/server/db/client';
import { preparedStatements } from '~/server/db/prepared';
import { itemImages, items, users } from '~/server/db/schema';
import { photoView } from './photos.server';
import type { ItemListQuery } from './item-schemas';
import { correctedSearch, type ItemFilters, listTotals, readListPage } from './item-search.server';
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
 * Everything the API shows of an item in one row: the item, its donor, and its photos in display
 * order as a JSON list, so the detail and the home page's list are one statement each, and a page
 * of a list one more after its ids.
 */
const itemColumns = {
	item: getTableColumns(items),
	donor: {
		id: users.id,
		name: users.name,
		phone: users.phone,
		avatarKey: users.avatarKey,
		areaName: users.areaName,
	},
	photos: sql<PhotoRow[]>`(
		select coalesce(json_agg(json_build_object(
			'key', ${itemImages.key}, 'widths', ${itemImages.widths},
			'width', ${itemImages.width}, 'height', ${itemImages.height}
		) order by ${itemImages.position}), '[]')
		from ${itemImages} where ${itemImages.itemId} = ${items.id})`.mapWith((value: unknown) =>
		typeof value === 'string' ? (JSON.parse(value) as PhotoRow[]) : (value as PhotoRow[]),
	),
};

type ItemRow = {
	item: typeof items.$inferSelect;
	donor: DonorRow;
	photos: PhotoRow[];
};

/** Items with their donors and photos; the caller adds conditions, order and limits. */
function selectItems(db: Database) {
	return db.select(itemColumns).from(items).innerJoin(users, eq(users.id, items.donorId));
}

/** The hot reads (the polled detail and home page, every list page), prepared once per database. */
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
 * The total and the page's ids of a list. The total comes from `listTotals` while no item has
 * changed since it was counted (the version says so); otherwise it is counted again. A search
 * that finds nothing is tried once more with its misspelled words corrected, and the total
 * remembers which search it was for.
 */
async function totalAndPage(
	db: Database,
	filters: ItemFilters,
	query: ItemListQuery,
): Promise<{ total: number; ids: number[] }> {
	const page = { sort: query.sort, limit: query.limit, offset: (query.page - 1) * query.limit };
	const key = listTotals.key(filters);
	const known = listTotals.get(db, key);
	if (known) {
		const { version, ids } = await readListPage(
			db,
			{ ...filters, search: known.search },
			page,
			false,
		);
		if (version === known.version) return { total: known.total, ids };
	}
	let search = filters.search;
	let counted = await readListPage(db, filters, page, true);
	const correction = counted.total === 0 && search ? await correctedSearch(db, search) : null;
	if (correction) {
		search = correction;
		counted = await readListPage(db, { ...filters, search }, page, true);
	}
	const total = counted.total ?? 0;
	listTotals.set(db, key, { version: counted.version, total, search });
	return { total, ids: counted.ids };
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
	const { total, ids } = await totalAndPage(db, filters, query);
	const totalPages = Math.max(1, Math.ceil(total / query.limit));
	const rows = await itemsWithIds(db, ids);
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
