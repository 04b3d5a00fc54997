import { and, asc, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { avatarUrl } from '~/features/profiles/profiles.server';
import type { Database } from '~/server/db/client';
import { itemImages, items, users } from '~/server/db/schema';
import { photoView } from './photos.server';
import type { ItemListQuery } from './item-schemas';
import type { Category, Item, ItemList, ItemStatus } from './items';
import { latestItemsCount } from './items';

/** Who is looking: the phone is only for signed-in viewers with a complete profile. */
export interface Viewer {
	id: string;
	canSeePhone: boolean;
}

type ItemRow = typeof items.$inferSelect;
type DonorRow = Pick<typeof users.$inferSelect, 'id' | 'name' | 'phone' | 'avatarKey' | 'areaName'>;

const donorColumns = {
	id: users.id,
	name: users.name,
	phone: users.phone,
	avatarKey: users.avatarKey,
	areaName: users.areaName,
};

/** Items with their photos and donors, in the order given, as the API shows them. */
async function withPhotosAndDonors(
	db: Database,
	rows: ItemRow[],
	viewer: Viewer | null,
): Promise<Item[]> {
	if (rows.length === 0) return [];
	const ids = rows.map((row) => row.id);
	const donorIds = [...new Set(rows.map((row) => row.donorId))];
	const [photos, donors] = await Promise.all([
		db
			.select()
			.from(itemImages)
			.where(inArray(itemImages.itemId, ids))
			.orderBy(asc(itemImages.position)),
		db.select(donorColumns).from(users).where(inArray(users.id, donorIds)),
	]);
	const donorById = new Map(donors.map((donor) => [donor.id, donor]));
	return rows.map((row) => {
		const views = photos.filter((photo) => photo.itemId === row.id).map(photoView);
		return itemView(row, views, donorById.get(row.donorId)!, viewer);
	});
}

function itemView(
	row: ItemRow,
	photos: ReturnType<typeof photoView>[],
	donor: DonorRow,
	viewer: Viewer | null,
): Item {
	const showPhone = Boolean(
		donor.phone && viewer && (viewer.canSeePhone || viewer.id === donor.id),
	);
	return {
		id: row.id,
		name: row.name,
		description: row.description,
		category: row.category as Category,
		weight: row.weight,
		length: row.length,
		width: row.width,
		height: row.height,
		quantity: row.quantity,
		status: row.status as ItemStatus,
		donatedAt: row.donatedAt?.toISOString() ?? null,
		createdAt: row.createdAt.toISOString(),
		updatedAt: row.updatedAt.toISOString(),
		images: photos.map((photo) => photo.src),
		photos,
		donorId: row.donorId,
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
 * Name and description, case-insensitive and tolerant of small typos: a substring match, or
 * a trigram word similarity (pg_trgm) for misspellings like "kurso" for "kursi".
 */
function searchCondition(search: string): SQL {
	const pattern = `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
	return sql`(${items.name} ilike ${pattern} or ${items.description} ilike ${pattern}
		or ${search} <% ${items.name} or ${search} <% ${items.description})`;
}

/**
 * Lists never carry a donor's phone (cards do not show it): only the item detail does, where
 * each reveal counts against the viewer's rate limit (design.md, "Phone privacy").
 */
function listViewer(viewer: Viewer | null): Viewer | null {
	return viewer && { id: viewer.id, canSeePhone: false };
}

/** `GET /items`: one page of items with the list's meta (design.md, "Lists"). */
export async function listItems(
	db: Database,
	query: ItemListQuery,
	viewer: Viewer | null,
): Promise<ItemList> {
	const conditions: SQL[] = [];
	if (query.status === 'available') conditions.push(eq(items.status, 'AVAILABLE'));
	if (query.category) conditions.push(eq(items.category, query.category));
	if (query.search) conditions.push(searchCondition(query.search));
	const where = conditions.length > 0 ? and(...conditions) : undefined;
	const order =
		query.sort === 'oldest'
			? [asc(items.createdAt), asc(items.id)]
			: [desc(items.createdAt), desc(items.id)];
	const [rows, [total]] = await Promise.all([
		db
			.select()
			.from(items)
			.where(where)
			.orderBy(...order)
			.limit(query.limit)
			.offset((query.page - 1) * query.limit),
		db.select({ value: count() }).from(items).where(where),
	]);
	const totalCount = total?.value ?? 0;
	const totalPages = Math.max(1, Math.ceil(totalCount / query.limit));
	return {
		items: await withPhotosAndDonors(db, rows, listViewer(viewer)),
		meta: {
			page: query.page,
			limit: query.limit,
			total: totalCount,
			totalPages,
			hasPrevPage: query.page > 1,
			hasNextPage: query.page < totalPages,
		},
	};
}

/** `GET /items/latest`: the newest available items for the home page. */
export async function latestItems(db: Database, viewer: Viewer | null): Promise<Item[]> {
	const rows = await db
		.select()
		.from(items)
		.where(eq(items.status, 'AVAILABLE'))
		.orderBy(desc(items.createdAt), desc(items.id))
		.limit(latestItemsCount);
	return withPhotosAndDonors(db, rows, listViewer(viewer));
}

/** One item, or `null`. */
export async function findItem(
	db: Database,
	id: number,
	viewer: Viewer | null,
): Promise<Item | null> {
	if (!Number.isSafeInteger(id) || id < 1) return null;
	const rows = await db.select().from(items).where(eq(items.id, id));
	const [item] = await withPhotosAndDonors(db, rows, viewer);
	return item ?? null;
}

/** `GET /items/my-items`: everything a donor listed, newest first. */
export async function myItems(db: Database, userId: string): Promise<Item[]> {
	const rows = await db
		.select()
		.from(items)
		.where(eq(items.donorId, userId))
		.orderBy(desc(items.createdAt), desc(items.id));
	return withPhotosAndDonors(db, rows, { id: userId, canSeePhone: true });
}
